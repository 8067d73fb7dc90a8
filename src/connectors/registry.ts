import type { Selectable } from 'kysely';
import type { ConnectorsTable } from '../db/schema.ts';
import type { ConnectorsConfig } from '../config/connectors.ts';
import { decryptSecret } from '../webhooks/secrets.ts';
import { createConnectorNet } from './outbound.ts';
import type { FolderConfig, ImapConfig, S3Config, WebConfig, WebdavConfig } from './config.ts';
import { ConnectorSourceError, type ConnectorSource } from './types.ts';
import { folderSource } from './sources/folder.ts';
import { webSource } from './sources/web.ts';
import { s3Source } from './sources/s3.ts';
import { imapSource } from './sources/imap.ts';
import { webdavSource } from './sources/webdav.ts';

/**
 * Opens the source of a connector row: its secret decrypted, its network through the connector
 * policy (outbound.ts), closed with the source.
 * @throws ConnectorSourceError when the secret cannot be decrypted (the key material changed).
 */
export async function openSource(
  connector: Selectable<ConnectorsTable>,
  options: { config: ConnectorsConfig; secretKey: Buffer; maxItemBytes: number },
): Promise<ConnectorSource> {
  let secret: string | null = null;
  if (connector.secret_ciphertext) {
    try {
      secret = decryptSecret(options.secretKey, connector.secret_ciphertext);
    } catch {
      throw new ConnectorSourceError('the stored secret cannot be decrypted: set it again');
    }
  }
  const config = connector.config as unknown;
  if (connector.kind === 'folder') return folderSource(config as FolderConfig, options.config.folderRoots);
  const net = createConnectorNet({
    allowlist: options.config.allowlist,
    timeoutMs: options.config.timeoutMs,
    maxResponseBytes: options.maxItemBytes,
  });
  const source =
    connector.kind === 'web'
      ? webSource(config as WebConfig, net, options.config.crawl)
      : connector.kind === 's3'
        ? s3Source(config as S3Config, secret, net)
        : connector.kind === 'imap'
          ? imapSource(config as ImapConfig, secret, net, options.config.timeoutMs)
          : webdavSource(config as WebdavConfig, secret, net);
  return {
    ...source,
    list: (ctx) => source.list(ctx),
    fetch: (item, max) => source.fetch(item, max),
    async close() {
      await source.close?.();
      await net.close();
    },
  };
}
