// End-to-end encryption of what a phone sends, in the format the "SMS Gateway for Android" app
// (capcom6/android-sms-gateway v1.68.0) decrypts when a message says `isEncrypted: true`:
//   $aes-256-cbc/pbkdf2-sha1$i=<iterations>$<base64 salt>$<base64 ciphertext>
// PBKDF2 with HMAC-SHA1 over the passphrase's UTF-8 bytes makes a 256-bit key; AES-256-CBC with
// PKCS#7 (Java's "PKCS5Padding") encrypts the text's UTF-8 bytes; the 16-byte salt is also the IV
// (app/src/main/java/me/capcom/smsgateway/modules/encryption/EncryptionService.kt). The text and
// each phone number are encrypted separately, each with a salt of its own, so each has its own key
// and a key never meets the same IV twice.
//
// WebCrypto only (`crypto.subtle`), so one code path runs on Node >= 20, in bundlers and in
// browsers (where `crypto.subtle` exists on pages served over HTTPS or from localhost).

/**
 * The iteration count the app's own documentation and its official clients (Python, Rust, PHP)
 * use by default. The count travels in each encrypted value, so the phone needs no setting for it;
 * higher is harder to guess but slower for the phone, which derives a key per text and per number.
 */
export const DEFAULT_ENCRYPTION_ITERATIONS = 75_000;

/** The app parses the count as a Kotlin `Int` (`params.getValue("i").toInt()`): larger fails on the phone. */
const MAX_ITERATIONS = 2_147_483_647;
/** Fewer than this is refused, as the official Rust client does: a key that cheap to guess protects little. */
const MIN_ITERATIONS = 1_000;
const SALT_BYTES = 16;

export interface EncryptOptions {
  /** PBKDF2 iterations, default `DEFAULT_ENCRYPTION_ITERATIONS` (75,000); 1,000 to 2,147,483,647. */
  iterations?: number;
}

/**
 * Encrypts `text` (a message's text, a data message's base64 `data`, or one phone number) for a
 * phone whose app has `passphrase` set (*Settings → Encryption*, or `encryption.passphrase` pushed
 * in its settings). Resolves with `$aes-256-cbc/pbkdf2-sha1$i=…$<salt>$<ciphertext>`; every call
 * draws a new random salt, so the same text never encrypts the same way twice.
 */
export async function encrypt(passphrase: string, text: string, options: EncryptOptions = {}): Promise<string> {
  const iterations = options.iterations ?? DEFAULT_ENCRYPTION_ITERATIONS;
  if (!Number.isInteger(iterations) || iterations < MIN_ITERATIONS || iterations > MAX_ITERATIONS) {
    throw new RangeError(`iterations must be a whole number from ${MIN_ITERATIONS} to ${MAX_ITERATIONS} (got ${iterations}).`);
  }
  // The app's settings read an empty passphrase as "encryption off" (swagger.json, SettingsEncryption).
  if (passphrase === '') throw new TypeError('passphrase is empty: set the same passphrase as in the phone’s app.');
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) {
    throw new Error('encrypt needs WebCrypto (crypto.subtle): Node >= 20, or a browser page served over HTTPS or from localhost.');
  }
  const utf8 = new TextEncoder();
  const salt = globalThis.crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const passphraseKey = await subtle.importKey('raw', utf8.encode(passphrase), 'PBKDF2', false, ['deriveKey']);
  const key = await subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-1', salt, iterations },
    passphraseKey,
    { name: 'AES-CBC', length: 256 },
    false,
    ['encrypt'],
  );
  // WebCrypto's AES-CBC always pads with PKCS#7, which is what Java calls PKCS5Padding for AES.
  const ciphertext = new Uint8Array(await subtle.encrypt({ name: 'AES-CBC', iv: salt }, key, utf8.encode(text)));
  return `$aes-256-cbc/pbkdf2-sha1$i=${iterations}$${base64(salt)}$${base64(ciphertext)}`;
}

/** Standard base64 with padding (what the app's `Base64.DEFAULT` reads), without Node's Buffer. */
function base64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: spreading a long text's bytes into one call would pass too many arguments.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}
