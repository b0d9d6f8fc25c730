let context: AudioContext | null = null;

/** A short beep on a money transfer. SPEC §5: it plays unless the clickSound setting is 1. */
export function playClick(clickSound: number, volume: number): void {
  if (clickSound === 1 || volume <= 0) return;
  try {
    const AudioContextClass = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioContextClass) return;
    context ??= new AudioContextClass();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.15 * volume, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + 0.08);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.08);
  } catch {
    // No audio: the transfer goes on without the sound.
  }
}
