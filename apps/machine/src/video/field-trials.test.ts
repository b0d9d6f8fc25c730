import { describe, expect, it } from 'vitest';
import { clearWrtcFieldTrials, LOW_LATENCY_TRIALS, setWrtcFieldTrials, ZERO_PLAYOUT_DELAY_TRIALS } from './field-trials.ts';
import { wrtc } from './wrtc.ts';

describe('wrtc field trials', () => {
  it.runIf(process.platform === 'linux')('sets, switches and clears the trial string, and peer connections still work', async () => {
    expect(setWrtcFieldTrials(LOW_LATENCY_TRIALS)).toEqual({ applied: true, detail: LOW_LATENCY_TRIALS });
    expect(setWrtcFieldTrials(ZERO_PLAYOUT_DELAY_TRIALS).applied).toBe(true);
    clearWrtcFieldTrials();
    expect(setWrtcFieldTrials(LOW_LATENCY_TRIALS).applied).toBe(true);
    const pc = new wrtc.RTCPeerConnection();
    pc.addTransceiver('video', { direction: 'recvonly' });
    const offer = await pc.createOffer();
    expect(offer.sdp).toContain('playout-delay');
    pc.close();
  });

  it('refuses a malformed trial string without touching the process', () => {
    expect(setWrtcFieldTrials('not a trial').applied).toBe(false);
  });
});
