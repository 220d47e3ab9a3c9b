// The phone simulator's front door. It is a program of its own (./cli.ts, a phone speaking the
// device protocol over a real socket, which the tests and the bench run): what they read of its
// output is its events' shape.
export type { SimulatorEvent } from './device.ts';
