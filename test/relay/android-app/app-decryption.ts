// The "SMS Gateway for Android" app's decryption of an `isEncrypted: true` message's text, data and
// phone numbers, written from its source (capcom6/android-sms-gateway, tag v1.68.0, commit 0cdc5d8),
// app/src/main/java/me/capcom/smsgateway/modules/encryption/EncryptionService.kt — cited below as
// "ES:<lines>" — and not from the SDK's `encrypt`: the tests hold the SDK to what the phone does.
// node:crypto here (the SDK uses WebCrypto), so the two share no code. MessagesService.kt
// (lines 403-405, 435-437, 493-495) calls `decrypt` on the text, the data and each phone number.
import { createDecipheriv, pbkdf2Sync } from 'node:crypto';

/** What the app's parser reads from an encrypted value, before it derives the key. */
export interface AppEncryptedParts {
  algorithm: string;
  params: Map<string, string>;
  iterations: number;
  salt: Buffer;
  ciphertext: Buffer;
}

/**
 * android.util.Base64.decode(input, Base64.DEFAULT) (ES:51-53): the standard alphabet with `=`
 * padding (not URL-safe). Node's own decoder skips characters outside the alphabet, so the
 * alphabet is checked first: a value the phone would refuse is refused here too.
 */
function decodeBase64Default(input: string): Buffer {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(input) || input.length % 4 === 1) throw new Error(`bad base-64: ${JSON.stringify(input)}`);
  return Buffer.from(input, 'base64');
}

/** ES:15-29: the split on `$`, the checks in their order, and which chunk is which. */
export function parseAsTheApp(encryptedText: string): AppEncryptedParts {
  const chunks = encryptedText.split('$'); // Kotlin's split keeps the empty chunk before the leading `$`.
  if (chunks.length < 5) throw new Error('Invalid encrypted data format'); // ES:16-17
  if (chunks[1] !== 'aes-256-cbc/pbkdf2-sha1') throw new Error('Unsupported algorithm'); // ES:19-21
  // ES:67-71: `a=b,c=d`, each split once on `=`; a pair without `=` throws (Kotlin's it[1]).
  const params = new Map<string, string>();
  for (const pair of chunks[2]!.split(',')) {
    const at = pair.indexOf('=');
    if (at < 0) throw new Error(`Index 1 out of bounds for length 1 (param ${JSON.stringify(pair)})`);
    params.set(pair.slice(0, at), pair.slice(at + 1));
  }
  if (!params.has('i')) throw new Error('Missing iteration count'); // ES:24-26
  // ES:36: String.toInt(): an optionally signed decimal that fits a 32-bit Int, else NumberFormatException.
  const iText = params.get('i')!;
  const iterations = Number(iText);
  if (!/^[+-]?\d+$/.test(iText) || iterations > 2_147_483_647 || iterations < -2_147_483_648) {
    throw new Error(`NumberFormatException: For input string: "${iText}"`);
  }
  // ES:28-29: the salt is chunk 3 and the ciphertext chunk 4; anything after them is ignored.
  return { algorithm: chunks[1], params, iterations, salt: decodeBase64Default(chunks[3]!), ciphertext: decodeBase64Default(chunks[4]!) };
}

/**
 * ES:14-49: PBKDF2WithHmacSHA1 (ES:55-65) over the passphrase's characters — UTF-8 on Android 4.4
 * and later, whose PBKDF2WithHmacSHA1 uses every bit of each char (the app needs Android 5) — with
 * the salt, the count from `i` and 256 bits (ES:32-37); then AES/CBC/PKCS5Padding with the salt as
 * the IV (ES:42-48), which throws on a wrong key's padding; then `String(bytes)`, UTF-8.
 */
export function decryptAsTheApp(passphrase: string, encryptedText: string): string {
  const { iterations, salt, ciphertext } = parseAsTheApp(encryptedText);
  const key = pbkdf2Sync(Buffer.from(passphrase, 'utf8'), salt, iterations, 256 / 8, 'sha1');
  // IvParameterSpec with AES/CBC: Cipher.init refuses an IV that is not 16 bytes.
  if (salt.length !== 16) throw new Error(`InvalidAlgorithmParameterException: Wrong IV length: must be 16 bytes long (got ${salt.length})`);
  const decipher = createDecipheriv('aes-256-cbc', key, salt);
  const plain = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  return new TextDecoder('utf-8').decode(plain);
}
