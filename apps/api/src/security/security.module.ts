import { Global, type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { ReplayGuard } from './domain/replay-guard.js';
import { RequestEncryptionSwitch } from './domain/request-encryption-switch.js';
import { RequestKeyStore } from './domain/request-key.store.js';
import { RequestEncryptionMiddleware } from './http/request-encryption.middleware.js';
import { GetPublicKeyController } from './queries/get-public-key/get-public-key.controller.js';

/** Request encryption (docs/adr/0036-request-encryption.md): the key, the switch, the replay guard and the wire middleware. */
@Global()
@Module({
  controllers: [GetPublicKeyController],
  providers: [RequestKeyStore, RequestEncryptionSwitch, ReplayGuard, RequestEncryptionMiddleware],
  exports: [RequestEncryptionSwitch],
})
export class SecurityModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // Every path: the middleware itself leaves the SPA's files and the plain API paths alone.
    consumer.apply(RequestEncryptionMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}
