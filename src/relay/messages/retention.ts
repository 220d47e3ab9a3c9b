import { deleteMaskedParts } from './attachments.ts';
import type { Runtime } from '../../core/runtime.ts';
import { maskOldTexts } from './plans.ts';

/**
 * One batch of SMS texts past RELAY_MESSAGE_TEXT_RETENTION_DAYS, for the maintenance worker's
 * retention pass: masked by the lifecycle's `maskText` mark (`maskOldTexts`, ./plans.ts), only in
 * final messages' states (sent, delivered, failed, received). A received MMS's parts go with its
 * text (./attachments.ts `deleteMaskedParts`).
 */
export async function purgeOldMessageTexts(rt: Runtime, batchSize: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - rt.config.RELAY_MESSAGE_TEXT_RETENTION_DAYS * 86_400_000);
  const masked = await maskOldTexts(rt.db.prisma, before, batchSize, now);
  // A received MMS's parts go with its text (issue 40).
  if (masked > 0) await deleteMaskedParts(rt.db.prisma);
  return masked;
}
