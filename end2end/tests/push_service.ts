// A push service for the end-to-end tests, on 127.0.0.1: what Google's or
// Mozilla's is to a phone, written from the RFCs with Node's crypto (the
// server's own tests have a Rust one). It mints a subscription as a
// browser's push manager does, checks each message's VAPID signature and
// claims (RFC 8292), decrypts it (RFC 8291, aes128gcm) and records it.
import { createServer, type Server } from 'node:http';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export interface Received {
  device: string;
  message: { account: string; title: string; body: string; tag: string; url: string };
  topic: string | undefined;
  ttl: number;
}

export interface Minted {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');

export class PushService {
  readonly received: Received[] = [];
  readonly refused: string[] = [];
  private readonly devices = new Map<string, { ecdh: ECDH; auth: Buffer }>();

  private constructor(private readonly server: Server, readonly origin: string) {}

  static async start(): Promise<PushService> {
    let service: PushService | undefined;
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const status = service!.take(request.url ?? '', request.headers, Buffer.concat(chunks));
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    service = new PushService(server, `http://127.0.0.1:${port}`);
    return service;
  }

  /** A new device's subscription, as `PushSubscription.toJSON()` gives it. */
  mint(device: string): Minted {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.devices.set(device, { ecdh, auth });
    return {
      endpoint: `${this.origin}/push/${device}`,
      keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
    };
  }

  stop(): void {
    this.server.close();
  }

  private take(url: string, headers: Record<string, string | string[] | undefined>, body: Buffer): number {
    const device = this.devices.get(url.replace(/^\/push\//, ''));
    if (!device) return 404;
    const header = (name: string) => String(headers[name] ?? '');
    try {
      if (header('content-encoding') !== 'aes128gcm') throw new Error(`content-encoding ${header('content-encoding')}`);
      this.checkVapid(header('authorization'));
      const plain = decrypt(device.ecdh, device.auth, body);
      this.received.push({
        device: url.replace(/^\/push\//, ''),
        message: JSON.parse(plain.toString('utf8')),
        topic: headers.topic as string | undefined,
        ttl: Number(header('ttl')),
      });
      return 201;
    } catch (error) {
      this.refused.push(String(error));
      return 403;
    }
  }

  /** `vapid t=<JWT>, k=<key>`: ES256 by that key, for this origin, expiring within 24 h. */
  private checkVapid(authorization: string): void {
    const found = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
    if (!found) throw new Error('no vapid authorization');
    const [, token, key] = found;
    const point = Buffer.from(key, 'base64url');
    const publicKey = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
      format: 'jwk',
    });
    const [head, claims, signature] = token.split('.');
    const signed = Buffer.from(`${head}.${claims}`);
    const ok = verify('sha256', signed, { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
    if (!ok) throw new Error('the signature does not verify');
    const said = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'));
    const now = Date.now() / 1000;
    if (said.aud !== this.origin) throw new Error(`aud ${said.aud}`);
    if (!(said.exp > now && said.exp <= now + 24 * 3600)) throw new Error(`exp ${said.exp}`);
    if (!/^(mailto:|https:)/.test(String(said.sub))) throw new Error(`sub ${said.sub}`);
  }
}

/** RFC 8291 §3.4 over RFC 8188: one record, its padding delimiter 2. */
function decrypt(ecdh: ECDH, auth: Buffer, body: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (end < 0 || padded[end] !== 2) throw new Error('the last record has no delimiter 2');
  return padded.subarray(0, end);
}
