import { sql } from 'kysely';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, IdParams } from '../../schemas/common.ts';
import { DocumentFileResponse } from '../../schemas/documents.ts';
import { notFound, unauthorized } from '../lib/errors.ts';
import { accessScopeOf, canRead, type AccessScope } from '../access/scope.ts';
import { FileQuery, sendOriginal } from './document-file.ts';
import { originalLinkKeyOf, verifyOriginalLink } from '../documents/original-links.ts';

const SignedFileQuery = Type.Object(
  {
    ...FileQuery.properties,
    keyId: Type.Optional(
      Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'Signed links: the key’s id' }),
    ),
    exp: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 99_999_999_999,
        description: 'Signed links: expiry, Unix seconds',
      }),
    ),
    sig: Type.Optional(
      Type.String({
        maxLength: 100,
        pattern: '^[A-Za-z0-9_-]+$',
        description: 'Signed links: HMAC-SHA-256 over (document id, key id, expiry), base64url',
      }),
    ),
  },
  { additionalProperties: false },
);

/**
 * The widget's "Open the original" (issue 40, docs/widget.md "Opening the original"): a cited
 * document's file for an API key that allows originals. Authenticated by `X-API-Key` (origin and
 * visitor-token rules as the other public routes), or by a signed link (`keyId`, `exp`, `sig`,
 * src/documents/original-links.ts), which a browser tab can open without headers; the auth
 * plugin lets a request with `sig` through (`config.signedLink`) and this handler verifies it.
 * Everything else is decided in one query: the key exists, has `allow_originals`, and reads the
 * document (its topics or every document; a visitor token's topics narrow it). Any refusal there
 * is 404, so a key learns nothing of documents it cannot open; a bad or expired link is 401.
 */
const publicFileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const linkKey = originalLinkKeyOf(app.ctx.jwtSecret);
  app.get(
    '/public/documents/:id/file',
    {
      config: { auth: 'apiKey', signedLink: true },
      compress: false,
      schema: {
        operationId: 'downloadPublicDocumentFile',
        description:
          'The original file of a document the API key answers from, when the key has `allowOriginals` (else 404, as for a document outside the key’s topics or another company’s: existence is not revealed). ' +
          'Authenticated by `X-API-Key`, or by the signed link a public answer’s `sources[].originalUrl` carries (`keyId`, `exp`, `sig`: valid 10 minutes, for that document only; a tampered or expired one is 401). ' +
          'Headers as `downloadDocumentFile`: the detected `Content-Type`, `Content-Disposition` with the uploaded name (`attachment`, PDFs included: a browser’s PDF viewer would run the PDF’s scripts; `?disposition=inline` only for raster images and plain text), `X-Content-Type-Options: nosniff`, ' +
          "`Content-Security-Policy: sandbox; default-src 'none'`, `Cache-Control: private, no-store`.",
        tags: ['public'],
        summary: 'A cited document’s original, for the widget',
        params: IdParams,
        querystring: SignedFileQuery,
        security: [{ apiKey: [] }, {}],
        response: {
          200: DocumentFileResponse(app.ctx.config.maxUploadBytes),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      let scope: AccessScope;
      const { sig, keyId, exp } = request.query;
      if (sig !== undefined) {
        // Checked before any read: a bad link says nothing about the document.
        const signedFor =
          keyId !== undefined && exp !== undefined
            ? verifyOriginalLink(linkKey, id, { keyId, exp, sig })
            : null;
        if (!signedFor) throw unauthorized('This link is invalid or has expired; open the source again');
        const key = await app.ctx.db
          .selectFrom('api_keys')
          .select('company_id')
          .where('id', '=', signedFor)
          .executeTakeFirst();
        if (!key) throw notFound('Document');
        scope = { kind: 'apiKey', companyId: key.company_id, apiKeyId: signedFor };
      } else {
        if (!request.principal) throw unauthorized();
        scope = accessScopeOf(request.principal);
        if (scope.kind !== 'apiKey') throw unauthorized();
      }
      const doc = await app.ctx.db
        .selectFrom('documents')
        .select(['name', 'mime_type', 'storage_key', 'metadata'])
        .where('id', '=', id)
        .where('company_id', '=', scope.companyId)
        .where(
          sql<boolean>`exists (select 1 from api_keys k where k.id = ${scope.apiKeyId}
            and k.company_id = ${scope.companyId} and k.allow_originals)`,
        )
        .where(canRead(scope, sql.ref('documents.topic_id')))
        .executeTakeFirst();
      if (!doc) throw notFound('Document');
      return sendOriginal(app, request, reply, doc);
    },
  );
};

export default publicFileRoutes;
