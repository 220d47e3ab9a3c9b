// The SDK's `encrypt` against the "SMS Gateway for Android" app's decryption
// (test/relay/android-app/app-decryption.ts, written from the app's EncryptionService.kt, not from
// the SDK), and that decryption against values encrypted by a program nobody here wrote.
import { DEFAULT_ENCRYPTION_ITERATIONS, encrypt } from '@yarrow/sdk';
import { describe, expect, it } from 'vitest';
import { decryptAsTheApp, parseAsTheApp } from '../relay/android-app/app-decryption.ts';

const passphrase = 'correct horse battery staple';

/** Whether the app, given `encrypted` with `passphrase`, would get `text` back (a throw is a no). */
function appReads(passphrase: string, encrypted: string, text: string): boolean {
  try {
    return decryptAsTheApp(passphrase, encrypted) === text;
  } catch {
    return false;
  }
}

describe('encrypt, read back by the app’s decryption', () => {
  const texts: Array<[string, string]> = [
    ['ASCII', 'Your Acme code is 482913. It expires in 5 minutes.'],
    ['emoji (surrogate pairs, a ZWJ sequence)', 'Delivered 📦✅ 👩‍👩‍👧 🇺🇦'],
    ['Cyrillic', 'Ваш код подтверждения: 482913. Никому его не сообщайте.'],
    ['the empty string', ''],
    ['exactly one AES block', '0123456789abcdef'],
    ['a phone number', '+15555550123'],
    ['a data message’s base64', 'AAECAwQFBgcICQ=='],
    ['a long text (200,000 characters)', 'Длинный текст 🔐 '.repeat(12_500)],
  ];

  it.each(texts)('%s', async (_, text) => {
    const encrypted = await encrypt(passphrase, text);
    expect(decryptAsTheApp(passphrase, encrypted)).toBe(text);
  });

  it('a passphrase of any characters (the app derives its key from their UTF-8 bytes)', async () => {
    const unicodePassphrase = 'пароль café 🔑';
    const encrypted = await encrypt(unicodePassphrase, 'hello');
    expect(decryptAsTheApp(unicodePassphrase, encrypted)).toBe('hello');
    expect(appReads('пароль cafe 🔑', encrypted, 'hello')).toBe(false);
  });

  it('another passphrase does not read it', async () => {
    const text = 'Ваш код 4821 🔐';
    const encrypted = await encrypt(passphrase, text);
    // A wrong key fails the padding check (BadPaddingException on the phone) but for about 1 in 256
    // keys, which give garbage with valid padding: either way the text does not come out.
    for (const wrong of ['correct horse battery stapl', 'Correct horse battery staple', 'correct horse battery staple ']) {
      expect(appReads(wrong, encrypted, text)).toBe(false);
    }
  });

  it('is the format the app parses: five `$` chunks, the algorithm, i=<count>, a 16-byte salt, whole AES blocks', async () => {
    const text = 'Ваш код 4821';
    const encrypted = await encrypt(passphrase, text);
    expect(encrypted).toMatch(/^\$aes-256-cbc\/pbkdf2-sha1\$i=75000\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]+={0,2}$/);
    expect(encrypted.split('$')).toHaveLength(5);
    const parts = parseAsTheApp(encrypted);
    expect(parts.algorithm).toBe('aes-256-cbc/pbkdf2-sha1');
    expect([...parts.params]).toEqual([['i', '75000']]);
    expect(parts.iterations).toBe(DEFAULT_ENCRYPTION_ITERATIONS);
    expect(parts.salt).toHaveLength(16);
    // PKCS#7: the UTF-8 bytes padded up to the next whole 16-byte block (a full block when already whole).
    const bytes = Buffer.byteLength(text, 'utf8');
    expect(parts.ciphertext).toHaveLength((Math.floor(bytes / 16) + 1) * 16);
  });

  it('draws a fresh salt each time, so the same text never encrypts the same way twice', async () => {
    const values = await Promise.all(Array.from({ length: 8 }, () => encrypt(passphrase, 'same text')));
    expect(new Set(values).size).toBe(8);
    expect(new Set(values.map((value) => value.split('$')[3])).size).toBe(8);
    for (const value of values) expect(decryptAsTheApp(passphrase, value)).toBe('same text');
  });

  it('takes another iteration count, which the value carries to the phone', async () => {
    const encrypted = await encrypt(passphrase, 'hello', { iterations: 150_000 });
    expect(parseAsTheApp(encrypted).params.get('i')).toBe('150000');
    expect(decryptAsTheApp(passphrase, encrypted)).toBe('hello');
  });

  it('refuses what the phone could not use, naming it', async () => {
    await expect(encrypt('', 'hello')).rejects.toThrow(/passphrase is empty/);
    for (const iterations of [0, 999, 1.5, 2_147_483_648, Number.NaN]) {
      await expect(encrypt(passphrase, 'hello', { iterations })).rejects.toThrow(/^iterations must be a whole number from 1000 to 2147483647/);
    }
  });
});

describe('the test’s decryption is the app’s, not the SDK’s mirror image', () => {
  // Made by the official Python client's encryptor (android-sms-gateway/client-py, commit 5aac96f,
  // android_sms_gateway/encryption.py, `Encryptor(passphrase)`: AESEncryptor, 75,000 iterations,
  // pycryptodome), run once from its source and pasted here; the npm client `android-sms-gateway`
  // (3.0.0 installed, client-ts up to 3.4.0) has no encryptor. OpenJDK 17's javax.crypto, making
  // EncryptionService.kt's calls, decrypted the same two values to the same texts.
  const fromPythonClient: Array<[string, string]> = [
    [
      'Ваш код 4821 🔐 действует 5 минут',
      '$aes-256-cbc/pbkdf2-sha1$i=75000$5rmZe4n5SyTn3FfZcFI0fw==$LkJ3zt1pNuRKyfqF2vhP5NlCpGy2iqCwtOlCPDEggDTK6yrRntzwqSENNEkc7k3m17Qw2/YtmdlvO/EstW18Gg==',
    ],
    ['+15555550123', '$aes-256-cbc/pbkdf2-sha1$i=75000$SBDJ3/gzAqaR2sM9I7ef/Q==$pKnAZX5ERfPTG3yVeQ08PQ=='],
    ['', '$aes-256-cbc/pbkdf2-sha1$i=75000$FOMk0snLNbJpR94m2Phc5A==$9WNDGnT8jLwXVjKyHp2QQA=='],
  ];

  it('decrypts a value with a non-ASCII passphrase as the JVM did', () => {
    // Made by this SDK's `encrypt`; OpenJDK 17's javax.crypto, making EncryptionService.kt's calls
    // (PBEKeySpec of the passphrase's chars), decrypted it to '+15555550123'. The Python client
    // cannot make one: pycryptodome encodes a text passphrase as Latin-1.
    const encrypted = '$aes-256-cbc/pbkdf2-sha1$i=75000$/1rbbMtBM9hh9U/aM75x1g==$0n1uj4y6FxCrIk8BL4c0oA==';
    expect(decryptAsTheApp('пароль café 🔑', encrypted)).toBe('+15555550123');
  });

  it.each(fromPythonClient)('decrypts the Python client’s %j', (text, encrypted) => {
    expect(decryptAsTheApp(passphrase, encrypted)).toBe(text);
  });

  it('fails these fixed values with a wrong passphrase, and refuses what the app’s parser refuses', () => {
    const [, encrypted] = fromPythonClient[0]!;
    expect(() => decryptAsTheApp('correct horse battery stapler', encrypted)).toThrow();
    const [, , algorithmAndParams, salt, ciphertext] = encrypted.split('$');
    expect(() => parseAsTheApp(`$${algorithmAndParams}$${salt}`)).toThrow('Invalid encrypted data format');
    expect(() => parseAsTheApp(`$aes-128-cbc/pbkdf2-sha1$i=75000$${salt}$${ciphertext}`)).toThrow('Unsupported algorithm');
    expect(() => parseAsTheApp(`$aes-256-cbc/pbkdf2-sha1$n=75000$${salt}$${ciphertext}`)).toThrow('Missing iteration count');
    expect(() => parseAsTheApp(`$aes-256-cbc/pbkdf2-sha1$i=75k$${salt}$${ciphertext}`)).toThrow('NumberFormatException');
    expect(() => parseAsTheApp(`$aes-256-cbc/pbkdf2-sha1$i=75000$_${salt!.slice(1)}$${ciphertext}`)).toThrow('bad base-64');
    // Extra params and chunks after the ciphertext are ignored, as the app ignores them.
    expect(decryptAsTheApp(passphrase, `$aes-256-cbc/pbkdf2-sha1$v=1,i=75000$${salt}$${ciphertext}$extra`)).toBe(fromPythonClient[0]![0]);
  });
});
