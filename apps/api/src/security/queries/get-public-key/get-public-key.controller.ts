import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { BODY_KEY_ALPHABET, type Envelope, publicKeyToWire } from '@schoolflow/contracts';
import { randomInt } from 'node:crypto';
import { ok } from '../../../infrastructure/http/envelope.js';
import { Public } from '../../../infrastructure/http/request-context.js';
import { RequestKeyStore } from '../../domain/request-key.store.js';

/**
 * `POST /server/api/security/get`: the public key browsers sign with (docs/adr/0036-request-encryption.md), answered
 * whether encryption is on or off (a page may load just before an administrator switches it on). The key is
 * base64 of the raw 32-byte X25519 key, with one random filler character at index 10 that the browser removes
 * (the contract: "the public key with one character removed at position 10"; docs/product/single-sign-on.md).
 */
@ApiTags('security')
@Controller()
export class GetPublicKeyController {
  constructor(private readonly keys: RequestKeyStore) {}

  @Public()
  @Post('api/security/get')
  @HttpCode(200)
  @ApiOperation({
    summary: 'The public key of request encryption',
    description: 'data: base64 of the X25519 public key with one filler character inserted at index 10; remove it before use. No body.',
  })
  async get(): Promise<Envelope<string>> {
    const { publicBase64 } = await this.keys.keys();
    return ok(publicKeyToWire(publicBase64, BODY_KEY_ALPHABET[randomInt(BODY_KEY_ALPHABET.length)] ?? 'A'));
  }
}
