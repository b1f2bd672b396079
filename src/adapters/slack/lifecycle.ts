import type { App, InstallationQuery } from '@slack/bolt';
import type { Logger } from 'pino';
import {
  type DeletedWorkspaceData,
  deleteSlackWorkspaceData,
  handleTokensRevoked,
  type WorkspaceDataStores,
} from '../../store/workspace-data.js';

interface EventContext {
  teamId?: string;
  enterpriseId?: string;
  isEnterpriseInstall?: boolean;
}

/** The workspace (or Enterprise Grid organisation) an event is about, as the stores key it. */
function workspaceQuery(context: EventContext): InstallationQuery<boolean> {
  return {
    teamId: context.teamId,
    enterpriseId: context.enterpriseId,
    isEnterpriseInstall: context.isEnterpriseInstall === true,
  } as InstallationQuery<boolean>;
}

/**
 * Slack's app_uninstalled and tokens_revoked (Events API, subscribed in manifest.yml): the
 * workspace's installation, its users' tokens and every state key under its prefix are deleted
 * (store/workspace-data.ts). Bolt acks events before any listener runs and skips authorisation
 * for these two (the tokens are gone), so the deletion happens after the 200; deleting what is
 * already gone changes nothing, so a retried delivery is harmless.
 */
export function registerLifecycleEvents(
  app: App,
  deps: { logger: Logger; stores: WorkspaceDataStores },
): void {
  const { logger, stores } = deps;
  const run = async (
    event: string,
    context: EventContext,
    work: (query: InstallationQuery<boolean>) => Promise<DeletedWorkspaceData>,
  ): Promise<void> => {
    const where = {
      event,
      teamId: context.teamId,
      enterpriseId: context.enterpriseId,
      enterpriseInstall: context.isEnterpriseInstall === true,
    };
    try {
      const deleted = await work(workspaceQuery(context));
      logger.info({ ...where, ...deleted }, "deleted the Slack workspace's data");
    } catch (error) {
      const { name, message } = error instanceof Error ? error : new Error(String(error));
      logger.error({ ...where, error: { name, message } }, "could not delete the Slack workspace's data");
    }
  };
  app.event('app_uninstalled', async ({ context }) => {
    await run('app_uninstalled', context, (query) => deleteSlackWorkspaceData(stores, query));
  });
  app.event('tokens_revoked', async ({ event, context }) => {
    await run('tokens_revoked', context, (query) => handleTokensRevoked(stores, query, event.tokens));
  });
}
