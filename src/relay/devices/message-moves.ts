// What a device's coming and going does to the messages. A device reachable again, or with a
// higher budget, wakes its account's drain; when its last connection closes, the work it was given
// but never took goes back to the queue; unpaired, all it holds goes back and what was pinned to it
// fails. Those are messages/' moves, and messages/ imports devices/ (the drain routes over the
// devices' lanes and signals them, ./pacing.ts, ./work-channel.ts), so devices/ does not import them
// back: messages/ hands them over as it loads (../messages/index.ts). Every caller of the devices'
// presence and unpairing (the transports, the routes, GraphQL) imports messages/ too; a process that
// did not would fail here, loudly, rather than leave a gone device's messages where they were.
import type { DbClient } from '../../core/db.ts';
import type { Runtime } from '../../core/runtime.ts';

type Rt = Pick<Runtime, 'boss' | 'config'>;

export interface MessageMoves {
  /** Wakes the account's drain when `tx` commits. */
  wakeDrain(tx: DbClient, accountId: number): Promise<void>;
  /** The work the device was given but never took (not acknowledged, not pulled) goes back to the queue. */
  releaseUnacknowledged(rt: Rt, tx: DbClient, deviceId: string, reason: string): Promise<number>;
  /** All the device holds goes back to the queue. */
  releaseDeviceMessages(rt: Rt, tx: DbClient, deviceId: string, reason: string): Promise<number>;
  /** The messages pinned to the device fail. */
  failPinnedTo(rt: Rt, tx: DbClient, deviceId: string, reason: string): Promise<number>;
}

let handed: MessageMoves | undefined;

/** messages/ hands its moves over as it loads. */
export function handMessageMoves(moves: MessageMoves) {
  handed = moves;
}

export function messageMoves(): MessageMoves {
  if (!handed) throw new Error("The relay's messages/ is not loaded, so a device's presence cannot move its messages (src/relay/devices/message-moves.ts).");
  return handed;
}
