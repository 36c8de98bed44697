import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** One message as the mail server received it. */
export interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  secure: boolean;
  raw: string;
}

/**
 * TEST-ONLY: a real SMTP server on 127.0.0.1:`port` (a free one by default), keeping what it
 * receives. It takes the account shop / 'p@ss word' (SMTP_URL
 * smtp://shop:p%40ss%20word@127.0.0.1:port) and refuses any other.
 */
export async function mailServer(options: SMTPServerOptions = {}, port = 0) {
  const received: Received[] = [];
  const waiting: ((message: Received) => void)[] = [];
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => {
      if (auth.username === 'shop' && auth.password === 'p@ss word') {
        callback(null, { user: auth.username });
      } else callback(new Error('Invalid username or password'));
    },
    onData: (stream, session, callback) => {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const message: Received = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          secure: session.secure,
          raw,
        };
        received.push(message);
        waiting.shift()?.(message);
        callback();
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    received,
    next: () => new Promise<Received>((resolve) => waiting.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
