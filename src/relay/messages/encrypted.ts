// End-to-end encrypted sends (`is_encrypted`): the sender encrypts the text and the number with the
// passphrase set in the phone's app (the SDK's `encrypt`, packages/sdk/encryption.ts) and Yarrow
// passes both through untouched with `isEncrypted: true`; the phone decrypts them
// (capcom6/android-sms-gateway v1.68.0, modules/encryption/EncryptionService.kt; ../shared/capcom6-protocol.md
// Addendum 2). Yarrow never holds the passphrase, so it can only check each value's shape: one the
// phone would refuse is refused here with a 400 naming the field, instead of failing on the phone.
import { z } from 'zod';

/** `$aes-256-cbc/pbkdf2-sha1$i=<iterations>[,k=v…]$<base64 16-byte salt>$<base64 ciphertext>`, as the app splits it on `$`. */
const ENCRYPTED_VALUE = /^\$aes-256-cbc\/pbkdf2-sha1\$([^$]*)\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;
/** The app reads the count as a Kotlin Int; the SDK refuses fewer than 1,000 (a key that cheap protects little). */
const MIN_ITERATIONS = 1_000;
const MAX_ITERATIONS = 2_147_483_647;
/** Long enough for a 1,600-character text in UTF-8, encrypted and in base 64. */
export const MAX_ENCRYPTED_LENGTH = 10_000;

/** Why `value` is not an encrypted value the app can decrypt, or undefined when its shape is right. */
function encryptedValueProblem(value: string) {
  const match = ENCRYPTED_VALUE.exec(value);
  if (!match) return 'not an encrypted value in the app\'s format ($aes-256-cbc/pbkdf2-sha1$i=<iterations>$<base64 salt>$<base64 ciphertext>)';
  const params = new Map(match[1]!.split(',').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const));
  const iterations = Number(params.get('i'));
  if (!/^\d+$/.test(params.get('i') ?? '') || iterations < MIN_ITERATIONS || iterations > MAX_ITERATIONS) {
    return `the iteration count (i=) must be a whole number from ${MIN_ITERATIONS} to ${MAX_ITERATIONS}`;
  }
  if (Buffer.from(match[2]!, 'base64').length !== 16) return 'the salt must be 16 bytes (it is also the AES-CBC IV)';
  const ciphertext = Buffer.from(match[3]!, 'base64');
  if (ciphertext.length === 0 || ciphertext.length % 16 !== 0) return 'the ciphertext must be whole AES blocks (a multiple of 16 bytes)';
  return undefined;
}

/** An encrypted text or number of a send with `is_encrypted`. */
export const encryptedValue = z
  .string()
  .max(MAX_ENCRYPTED_LENGTH)
  .superRefine((value, ctx) => {
    const problem = encryptedValueProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
