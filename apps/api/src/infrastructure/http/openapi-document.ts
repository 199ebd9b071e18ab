import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { ServerConfig } from '../../config/app-config.js';

/**
 * The OpenAPI document the server publishes (`/server/docs`, `/server/docs-json`), from the controllers' metadata: one
 * place that makes it, so the check that every body a handler reads is documented (openapi-bodies.spec.ts) reads the
 * document the server serves.
 */
export function openApiDocument(app: INestApplication, config: ServerConfig): OpenAPIObject {
  return SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle('SchoolFlow API').setVersion(config.version).addApiKey({ type: 'apiKey', in: 'header', name: config.tokenHeader }, 'token').addSecurityRequirements('token').build(),
  );
}
