/**
 * Trusting a private certificate authority (a staging site's own CA) without ever turning
 * verification off: the CA's certificates are added to the ones Node trusts. Node's `ca` option
 * replaces its built-in list, so the list given holds Node's own roots, the file named by
 * `NODE_EXTRA_CA_CERTS` (Node adds it at start, but not to `tls.rootCertificates`), and the CA file.
 * Loaded only when a CA file is used: node:tls is not part of a plain start.
 */
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { UsageError } from '../errors/index.js';

const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * The certificates of a PEM file (one or several, as a CA bundle holds them).
 * @throws UsageError when the file cannot be read or holds no PEM certificate
 */
export function readCaFile(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new UsageError(
      `--ca-file ${path}: cannot read it (${(err as NodeJS.ErrnoException).code ?? String(err)})`,
      "give the PEM file of the site's certificate authority (the CA certificate, not the site's key)",
      'bad-ca-file',
    );
  }
  const certs = text.match(PEM_CERT) ?? [];
  if (certs.length === 0) {
    throw new UsageError(
      `--ca-file ${path}: no certificate in it (expected PEM: -----BEGIN CERTIFICATE-----)`,
      'convert a DER file with: openssl x509 -inform der -in ca.cer -out ca.pem',
      'bad-ca-file',
    );
  }
  return certs;
}

/** What Node trusts plus the CA file's certificates: the `ca` of every TLS connection to the site. */
export function trustedCertificates(caFile: string, env: Readonly<Record<string, string | undefined>>): string[] {
  const extra: string[] = [];
  const nodeExtra = env.NODE_EXTRA_CA_CERTS;
  if (nodeExtra) {
    try {
      extra.push(...(readFileSync(nodeExtra, 'utf8').match(PEM_CERT) ?? []));
    } catch {
      // (Node itself only warns about an unreadable NODE_EXTRA_CA_CERTS)
    }
  }
  return [...rootCertificates, ...extra, ...readCaFile(caFile)];
}
