/** A TCP port free on 127.0.0.1 right now, below the OS's own range, for a child process to listen on (free-port.mjs). */
export function freePort(): Promise<number>;
