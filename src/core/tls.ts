// HTTPS for the gateway: the certificate and key named by TLS_CERT_FILE / TLS_KEY_FILE, checked
// before anything listens so a bad setup stops the process with one line instead of failing on
// the first handshake (or crash-looping under `npm start`).
import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, type Config } from './config.ts';

export interface TlsFiles {
  /** PEM: the server certificate, optionally followed by its intermediate chain. */
  cert: string;
  key: string;
}

type TlsConfig = Pick<Config, 'TLS_CERT_FILE' | 'TLS_KEY_FILE'>;

/**
 * Reads and checks the gateway's certificate and key; undefined when TLS is off. Throws a
 * one-line ConfigError naming the variable when a file is unreadable, is not PEM, or the key
 * does not belong to the certificate.
 */
export function readTlsFiles(config: TlsConfig): TlsFiles | undefined {
  if (!config.TLS_CERT_FILE || !config.TLS_KEY_FILE) return undefined;
  const cert = readPem('TLS_CERT_FILE', config.TLS_CERT_FILE);
  const key = readPem('TLS_KEY_FILE', config.TLS_KEY_FILE);
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(cert);
  } catch {
    throw invalid('TLS_CERT_FILE', `${resolve(config.TLS_CERT_FILE)} holds no PEM certificate`);
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(key);
  } catch {
    throw invalid('TLS_KEY_FILE', `${resolve(config.TLS_KEY_FILE)} holds no unencrypted PEM private key`);
  }
  if (!certificate.checkPrivateKey(privateKey)) {
    throw invalid('TLS_KEY_FILE', `the key in ${resolve(config.TLS_KEY_FILE)} does not match the certificate in TLS_CERT_FILE`);
  }
  return { cert, key };
}

function readPem(variable: string, path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw invalid(variable, `cannot read ${resolve(path)} (${reason})`);
  }
}

function invalid(variable: string, message: string): ConfigError {
  return new ConfigError(`Invalid configuration: ${variable}: ${message}`);
}
