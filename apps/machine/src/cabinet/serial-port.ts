import { SerialPort } from 'serialport';

/** Opens a serial device (a real port or a pseudo-terminal) raw, 8N1, by default at the SAS rate of 19200 baud. */
export async function openPort(path: string, baudRate = 19200): Promise<SerialPort> {
  const port = new SerialPort({ path, baudRate, dataBits: 8, stopBits: 1, parity: 'none', autoOpen: false });
  await new Promise<void>((resolve, reject) => port.open((error) => (error ? reject(error) : resolve())));
  return port;
}

export function writeAll(port: SerialPort, bytes: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    port.write(Buffer.from(bytes), (error) => {
      if (error) reject(error);
      else port.drain((drainError) => (drainError ? reject(drainError) : resolve()));
    });
  });
}

export function closePort(port: SerialPort): Promise<void> {
  if (!port.isOpen) return Promise.resolve();
  return new Promise((resolve, reject) => port.close((error) => (error ? reject(error) : resolve())));
}
