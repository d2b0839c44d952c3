/**
 * Where the server reads the time: routes read it once per request and pass it to services as
 * `now`; the market and the stop-out read it on every tick. Tests pass a manual clock.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
