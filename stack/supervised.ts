import { startApiProcess, type ApiProcess, type ApiProcessOptions } from './api-process.ts';
import type { NodeProcess } from './node-process.ts';
import { stopLeftoverWorkers } from './nginx-leftovers.ts';
import { startNginx, type NginxOptions, type NginxServer } from './nginx.ts';
import { startSiteProcess, type SiteProcess, type SiteProcessOptions } from './site-process.ts';
import { supervise, type RestartPolicy } from './supervise.ts';

/** What the supervised processes of one stack share. */
interface SupervisionContext {
  log: (line: string) => void;
  policy?: Partial<RestartPolicy>;
  stopping: () => boolean;
  onGiveUp: (error: Error) => void;
}

/** One stack's supervision, with its starters (named as the functions they wrap). */
export interface StackSupervision {
  /** startApiProcess, restarted when it ends unasked (startSupervisedApi). */
  startApiProcess: (options: ApiProcessOptions) => Promise<ApiProcess>;
  /** startNginx, restarted when its master ends unasked (startSupervisedNginx). */
  startNginx: (options: NginxOptions) => Promise<NginxServer>;
  /** startSiteProcess, restarted when it ends unasked (startSupervisedSite). */
  startSiteProcess: (options: SiteProcessOptions) => Promise<SiteProcess>;
  /** Called first by the stack's close: from then on, a process that ends stays ended. */
  stop: () => void;
  /** Resolves with the reason once a process could not be kept up (never, normally). */
  failed: Promise<Error>;
}

/**
 * The supervision of one stack: restarts said with `log`, the first give-up in `failed`.
 * @example const { startApiProcess, startNginx, startSiteProcess, ...supervision } = stackSupervision(log);
 */
export function stackSupervision(
  log: (line: string) => void,
  policy?: Partial<RestartPolicy>,
): StackSupervision {
  let stopped = false;
  let fail: (error: Error) => void = () => {};
  const failed = new Promise<Error>((resolve) => (fail = resolve));
  const context: SupervisionContext = {
    log,
    ...(policy ? { policy } : {}),
    stopping: () => stopped,
    onGiveUp: (error) => {
      log(error.message);
      fail(error);
    },
  };
  return {
    startApiProcess: (options) => startSupervisedApi(options, context),
    startNginx: (options) => startSupervisedNginx(options, context),
    startSiteProcess: (options) => startSupervisedSite(options, context),
    stop: () => {
      stopped = true;
    },
    failed,
  };
}

const common = (supervision: SupervisionContext) => ({
  log: supervision.log,
  onGiveUp: supervision.onGiveUp,
  stopping: supervision.stopping,
  ...(supervision.policy ? { policy: supervision.policy } : {}),
});

/**
 * The API process, started again when it ends unasked (stack/supervise.ts), always on
 * the port of its first start: a port 0 was picked then, and the web servers' upstream and
 * the publisher's feed name it. `pid` is the running process's.
 */
export async function startSupervisedApi(
  options: ApiProcessOptions,
  supervision: SupervisionContext,
): Promise<ApiProcess> {
  return supervisedNodeProcess(await startApiProcess(options), supervision, {
    name: 'The API process',
    start: (port) => startApiProcess({ ...options, port }),
  });
}

/**
 * The Node web server (`npm start`'s, stack/site-process.ts), started again when it ends
 * unasked, on the port of its first start. `pid` is the running process's.
 */
export async function startSupervisedSite(
  options: SiteProcessOptions,
  supervision: SupervisionContext,
): Promise<SiteProcess> {
  return supervisedNodeProcess(await startSiteProcess(options), supervision, {
    name: 'The web server',
    start: (port) => startSiteProcess({ ...options, port }),
  });
}

/** A process of ours kept up on the port `first` listens on. */
function supervisedNodeProcess(
  first: NodeProcess,
  supervision: SupervisionContext,
  how: { name: string; start: (port: number) => Promise<NodeProcess> },
): NodeProcess {
  const port = Number(new URL(first.url).port);
  const running = supervise(first, {
    ...common(supervision),
    name: how.name,
    start: () => how.start(port),
  });
  return {
    url: first.url,
    get pid() {
      return running.current().pid;
    },
    exited: running.ended,
    close: running.close,
  };
}

/**
 * nginx, started again when its master ends unasked, on the same port with the configuration
 * it last took: the first one, or the release of the last reload that succeeded. The workers
 * a killed master leaves behind still hold the port; they are stopped first. A reload waits
 * for a restart under way, so a publish keeps working across one.
 */
export async function startSupervisedNginx(
  options: NginxOptions,
  supervision: SupervisionContext,
): Promise<NginxServer> {
  const first = await startNginx(options);
  let siteConfDir = options.siteConfDir;
  const nginx = supervise(first, {
    ...common(supervision),
    name: 'nginx',
    start: async () => {
      const left = await stopLeftoverWorkers(options.runDir);
      if (left > 0) {
        supervision.log(
          `nginx: stopped ${String(left)} worker process(es) left by its master on port ${String(first.port)}.`,
        );
      }
      return startNginx({ ...options, port: first.port, siteConfDir });
    },
  });
  return {
    url: first.url,
    port: first.port,
    configFile: first.configFile,
    get pid() {
      return nginx.current().pid;
    },
    exited: nginx.ended,
    reload: async (next?: string) => {
      await (await nginx.running()).reload(next);
      if (next) siteConfDir = next;
    },
    close: nginx.close,
  };
}
