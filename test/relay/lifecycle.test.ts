import { describe, expect, it } from 'vitest';
import { canMove, eventsOfMove, messageMarks, messageMoves } from '../../src/relay/messages/lifecycle.ts';
import * as plans from '../../src/relay/messages/plans.ts';

describe('the message lifecycle table', () => {
  it('allows the moves the relay makes and no others', () => {
    expect(canMove('queued', 'dispatched')).toBe(true);
    expect(canMove('dispatched', 'queued')).toBe(true);
    expect(canMove('dispatched', 'sent')).toBe(true);
    expect(canMove('dispatched', 'delivered')).toBe(true);
    expect(canMove('sent', 'delivered')).toBe(true);
    for (const from of ['queued', 'dispatched', 'sent'] as const) expect(canMove(from, 'failed')).toBe(true);
    // Final states are final; a sent message never goes back to a phone.
    for (const to of ['queued', 'dispatched', 'sent', 'delivered', 'failed'] as const) {
      expect(canMove('delivered', to)).toBe(false);
      expect(canMove('failed', to)).toBe(false);
    }
    expect(canMove('sent', 'queued')).toBe(false);
    expect(canMove('sent', 'dispatched')).toBe(false);
    expect(canMove('queued', 'sent')).toBe(false);
  });

  it('gives each move its webhook events, and a delivered report straight from the phone both', () => {
    expect(eventsOfMove('dispatched', 'sent')).toEqual(['message.sent']);
    expect(eventsOfMove('dispatched', 'delivered')).toEqual(['message.sent', 'message.delivered']);
    expect(eventsOfMove('sent', 'delivered')).toEqual(['message.delivered']);
    expect(eventsOfMove('queued', 'failed')).toEqual(['message.failed']);
    expect(eventsOfMove('sent', 'failed')).toEqual(['message.failed']);
    expect(eventsOfMove('dispatched', 'queued')).toEqual([]);
    expect(eventsOfMove('queued', 'dispatched')).toEqual([]);
    expect(eventsOfMove('sent', 'sent')).toEqual([]);
    expect(eventsOfMove('delivered', 'failed')).toEqual([]);
  });

  it('names a plan that exists for every move and mark', () => {
    const named = [...Object.values(messageMoves), ...Object.values(messageMarks)].flatMap((entry) => entry.plan.split(', '));
    for (const plan of named) expect(plans, plan).toHaveProperty(plan);
  });
});
