/** A TCP port free on 127.0.0.1 right now (the OS picks it), for a child process to listen on. */
export function freePort(): Promise<number>;
