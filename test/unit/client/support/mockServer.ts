/** A MockAgent PuppetDB for unit tests: records every request it receives and answers as told. */
import { MockAgent } from 'undici';
import { connect, type ConnectOptions } from '../../../../src/client';

export interface Seen {
  method: string;
  path: string;
  body: string | undefined;
  headers: Record<string, string>;
}

export type Responder = (seen: Seen) => {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
};

export function mockServer(
  responder: Responder = () => ({ body: [] }),
  origin = 'http://localhost:8080',
) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const seen: Seen[] = [];
  agent
    .get(origin)
    .intercept({ path: () => true, method: () => true })
    .reply((options) => {
      const request: Seen = {
        method: options.method,
        path: options.path,
        body: typeof options.body === 'string' ? options.body : undefined,
        headers: Object.fromEntries(
          Object.entries((options.headers ?? {}) as Record<string, string>).map(([key, value]) => [
            key.toLowerCase(),
            value,
          ]),
        ),
      };
      seen.push(request);
      const { status = 200, body, headers = {} } = responder(request);
      return {
        statusCode: status,
        data: typeof body === 'string' ? body : JSON.stringify(body),
        responseOptions: { headers: { 'content-type': 'application/json', ...headers } },
      };
    })
    .persist();
  return { agent, seen };
}

export function db(options: ConnectOptions = {}, responder?: Responder) {
  const { agent, seen } = mockServer(
    responder,
    options.protocol === 'https' ? 'https://localhost:8080' : 'http://localhost:8080',
  );
  return { api: connect({ ...options, dispatcher: agent }), seen };
}
