/** Now, injected so tests can move time. */
export type Clock = () => Date;
