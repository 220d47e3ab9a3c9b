import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { keyedHash, safeEqual } from '../../core/crypto.ts';
import type { DbClient } from '../../core/db.ts';
import { YarrowError, notFound } from '../../core/errors.ts';
import { advisoryXactLock, lockRow } from '../../core/locks.ts';
import { newId, relayLocks } from '../contract.ts';
import { sendJob } from '../../core/queue.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { Message, Otp } from '../../generated/prisma/client.ts';
import { recordEvent } from '../../webhooks/index.ts';
import type { otpSentSchema, otpVerifiedSchema } from '../json.ts';
import { sendMessages } from '../messages/index.ts';
import { EXPEDITED_PRIORITY } from '../priority.ts';
import { messagePartsJson, messageStatus } from '../messages/index.ts';
import { otpLocales, otpPurposes, otpText, type OtpLocale, type OtpPurpose } from './templates.ts';
import { phoneNumber } from '../sms.ts';

export const OTP_MAX_ATTEMPTS = 5;

export const sendOtpInput = z.strictObject({
  to: phoneNumber,
  purpose: z.enum(otpPurposes, { error: `must be one of ${otpPurposes.join(', ')}` }),
  locale: z.enum(otpLocales, { error: `unsupported locale; supported: ${otpLocales.join(', ')}` }).default('en'),
  expiry_seconds: z.number().int().min(60).max(3600).default(300),
  code_length: z.number().int().min(4).max(10).default(6),
  device_id: z.string().trim().min(1).max(64).optional(),
});

export const verifyOtpInput = z.strictObject({
  otp_id: z.string().trim().min(1).max(64),
  code: z.string().trim().regex(/^\d{4,10}$/, 'the code is 4 to 10 digits').meta({ examples: ['123456'] }),
});

function hashCode(secret: string, otpId: string, code: string) {
  // Bound to the OTP's id, so equal codes of two OTPs never share a hash.
  return keyedHash(secret, `otp:${otpId}:${code}`);
}

/** Sends of one number (and of the whole account) inside the window; over the cap → 429. */
async function enforceOtpCaps(rt: Pick<Runtime, 'config'>, tx: DbClient, accountId: number, to: string) {
  // Serialise sends to one number, so two concurrent requests cannot both pass the count.
  await advisoryXactLock(tx, relayLocks.otpNumber, `${accountId}:${to}`);
  const windowMs = rt.config.OTP_RATE_WINDOW_SECONDS * 1000;
  const since = new Date(Date.now() - windowMs);
  const checks = [
    { where: { accountId, to, createdAt: { gt: since } }, cap: rt.config.OTP_MAX_PER_NUMBER, what: 'this number' },
    { where: { accountId, createdAt: { gt: since } }, cap: rt.config.OTP_MAX_PER_ACCOUNT, what: 'this account' },
  ];
  for (const check of checks) {
    const recent = await tx.otp.findMany({ where: check.where, orderBy: { createdAt: 'desc' }, take: check.cap, select: { createdAt: true } });
    if (recent.length >= check.cap) {
      const oldest = recent[recent.length - 1]!.createdAt.getTime();
      const retryAfter = Math.max(1, Math.ceil((oldest + windowMs - Date.now()) / 1000));
      throw new YarrowError(
        'rate_limited',
        `At most ${check.cap} codes per ${rt.config.OTP_RATE_WINDOW_SECONDS / 60} minutes for ${check.what}; retry after ${retryAfter} s.`,
        { param: check.what === 'this number' ? 'to' : undefined, headers: { 'Retry-After': String(retryAfter) } },
      );
    }
  }
}

/** An OTP send, typed: each transport parses its own body into it (REST: `sendOtpInput`). */
export interface SendOtpCommand {
  /** E.164, checked by the caller's parser. */
  to: string;
  purpose: OtpPurpose;
  locale: OtpLocale;
  expirySeconds: number;
  codeLength: number;
  deviceId?: string;
}

/** An OTP check, typed (REST: `verifyOtpInput`). */
export interface VerifyOtpCommand {
  otpId: string;
  code: string;
}

/**
 * Makes a code, stores only its HMAC, and sends it as an SMS through the normal pipeline
 * (`sendMessages`: the account's rules, then the OTP caps, then the send rate).
 */
export async function sendOtp(rt: Runtime, tx: DbClient, accountId: number, input: SendOtpCommand): Promise<{ otp: Otp; message: Message }> {
  const { name: brand } = await tx.account.findUniqueOrThrow({ where: { id: accountId }, select: { name: true } });
  const code = String(randomInt(10 ** input.codeLength)).padStart(input.codeLength, '0');
  const id = newId('otp');
  const text = otpText({ locale: input.locale, purpose: input.purpose, code, brand, expirySeconds: input.expirySeconds });
  const [message] = await sendMessages(
    rt,
    accountId,
    // The stored text hides the code; the phone gets the sealed one, wiped once the SMS is final.
    [{ to: input.to, text, storedAs: text.replace(code, '•'.repeat(code.length)) }],
    { deviceId: input.deviceId, ttlSeconds: input.expirySeconds, priority: EXPEDITED_PRIORITY, tx, check: (tx) => enforceOtpCaps(rt, tx, accountId, input.to) },
  );
  const otp = await tx.otp.create({
    data: {
      id,
      accountId,
      to: input.to,
      purpose: input.purpose,
      locale: input.locale,
      codeHash: hashCode(rt.config.secret, id, code),
      codeLength: input.codeLength,
      maxAttempts: OTP_MAX_ATTEMPTS,
      messageId: message!.id,
      expiresAt: new Date(message!.queuedAt.getTime() + input.expirySeconds * 1000),
    },
  });
  await sendJob(rt.boss, 'relay_otp_expire', { otpId: otp.id }, { tx, startAfter: otp.expiresAt });
  return { otp, message: message! };
}

/**
 * The answer to an OTP send (the spec's "OTP sent"). `status` is the OTP's: `sent`, it exists and
 * was handed to delivery, so it can be verified at once. Its SMS's own progress is
 * `message_status` (`queued` at send time, since phones get work after the commit); follow
 * `request_id` for `sent`, `delivered` or `failed`.
 */
export function otpSentJson(otp: Otp, message: Pick<Message, 'state' | 'segments' | 'encoding'>): z.infer<typeof otpSentSchema> {
  return {
    otp_id: otp.id,
    status: 'sent',
    expires_in_seconds: Math.max(0, Math.round((otp.expiresAt.getTime() - Date.now()) / 1000)),
    expires_at: otp.expiresAt.toISOString(),
    request_id: otp.messageId,
    message_status: messageStatus(message),
    ...messagePartsJson(message),
  };
}

/** `reason`: why a check failed (incorrect_code, max_attempts_reached, already_verified). */
export type VerifyResult = z.infer<typeof otpVerifiedSchema>;

/**
 * Checks a code: constant-time compare, at most 5 attempts, single use; a past deadline is expired
 * even if the expiry job has not run yet. Success fires `otp.verified`.
 */
export async function verifyOtp(rt: Runtime, accountId: number, input: VerifyOtpCommand): Promise<VerifyResult> {
  return rt.db.prisma.$transaction(async (tx) => {
    if (!(await lockRow(tx, 'otps', input.otpId, { accountId }))) throw notFound('OTP', 'otp_id');
    const otp = await tx.otp.findUniqueOrThrow({ where: { id: input.otpId } });
    const base = { otp_id: otp.id };
    if (otp.status === 'approved') return { ...base, status: 'failed', attempts_left: 0, reason: 'already_verified' };
    if (otp.status === 'max_attempts_reached') return { ...base, status: 'failed', attempts_left: 0, reason: 'max_attempts_reached' };
    if (otp.status === 'expired' || otp.expiresAt <= new Date()) {
      if (otp.status === 'pending') await tx.otp.update({ where: { id: otp.id }, data: { status: 'expired' } });
      return { ...base, status: 'expired', attempts_left: 0 };
    }
    const matches = input.code.length === otp.codeLength && safeEqual(hashCode(rt.config.secret, otp.id, input.code), otp.codeHash);
    if (matches) {
      // Only wrong codes spend attempts: the right one leaves the count as it was.
      const verified = await tx.otp.update({ where: { id: otp.id }, data: { status: 'approved', verifiedAt: new Date() } });
      await recordEvent(rt, tx, {
        accountId,
        type: 'otp.verified',
        objectType: 'otp',
        objectPublicId: otp.id,
        data: { otp_id: otp.id, to: otp.to, purpose: otp.purpose, request_id: otp.messageId, verified_at: verified.verifiedAt!.toISOString() },
      });
      return { ...base, status: 'success', attempts_left: otp.maxAttempts - otp.attempts };
    }
    const attempts = otp.attempts + 1;
    const dead = attempts >= otp.maxAttempts;
    await tx.otp.update({ where: { id: otp.id }, data: { attempts, ...(dead ? { status: 'max_attempts_reached' } : {}) } });
    return { ...base, status: 'failed', attempts_left: otp.maxAttempts - attempts, reason: dead ? 'max_attempts_reached' : 'incorrect_code' };
  });
}

/** The otp-expiry worker: at the deadline a still-pending OTP becomes expired. */
export async function expireOtp(rt: Runtime, otpId: string) {
  await rt.db.prisma.otp.updateMany({ where: { id: otpId, status: 'pending', expiresAt: { lte: new Date() } }, data: { status: 'expired' } });
}
