/** Where the market reads the time. Tests pass a manual clock; the server reads the system's. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
