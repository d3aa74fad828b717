import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, describe, test } from 'node:test';
import { Agent } from 'undici';
import { dispatchRequest } from '../../../src/client/dispatchedResponse';
import { loopbackServer, type Handler } from './support/loopbackServer';

const agent = new Agent();
after(() => agent.close());

async function serve(handler: Handler) {
  const server = await loopbackServer(handler);
  const { origin } = new URL(server.url);
  return {
    server,
    get: (signal?: AbortSignal) =>
      dispatchRequest(agent, { origin, path: '/', method: 'GET' }, signal),
  };
}

describe('a response read from undici’s dispatch handler (dispatchedResponse)', () => {
  test('gives the status and headers, then the body chunk by chunk to its end', async () => {
    const { server, get } = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'x-records': '2' });
      response.write('[1,');
      setTimeout(() => response.end('2]'), 20);
    });
    try {
      const response = await get();
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['x-records'], '2');
      const chunks: string[] = [];
      for await (const chunk of response.body) chunks.push(chunk.toString());
      assert.equal(chunks.join(''), '[1,2]');
    } finally {
      await server.close();
    }
  });

  test('pauses the connection while 64 KiB wait unread, and resumes as the reader takes them', async () => {
    const total = 64 * 1024 * 1024;
    const piece = Buffer.alloc(64 * 1024, 'x');
    let written = 0;
    let blocked = false;
    let onBlocked: () => void = () => undefined;
    const { server, get } = await serve((_request, response) => {
      response.writeHead(200);
      const more = () => {
        while (written < total) {
          written += piece.length;
          if (!response.write(piece)) {
            blocked = true;
            onBlocked();
            response.once('drain', more);
            return;
          }
        }
        response.end();
      };
      more();
    });
    try {
      const response = await get();
      // the reader takes nothing: once the socket's buffers are full, the server must wait for
      // good (a client that kept reading into memory would let it write everything)
      if (!blocked) await new Promise<void>((resolve) => (onBlocked = resolve));
      let before = -1;
      while (written !== before && written < total) {
        before = written;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      assert.ok(
        written < total / 2,
        `the server wrote ${written} of ${total} bytes to an idle reader`,
      );
      let read = 0;
      for await (const chunk of response.body) read += chunk.length;
      assert.equal(read, total);
    } finally {
      await server.close();
    }
  });

  test('a break out of the reader’s loop gives the connection up', async () => {
    const closed: Promise<unknown>[] = [];
    const { server, get } = await serve((request, response) => {
      closed.push(once(request.socket, 'close'));
      response.writeHead(200);
      response.write('[1,');
      // and never ends
    });
    try {
      const response = await get();
      for await (const chunk of response.body) {
        assert.equal(chunk.toString(), '[1,');
        break;
      }
      assert.equal(response.body.destroyed, true);
      await closed[0];
    } finally {
      await server.close();
    }
  });

  test('a cancellation while the body comes in ends the reading with the signal’s reason', async () => {
    const { server, get } = await serve((_request, response) => {
      response.writeHead(200);
      response.write('[1,');
    });
    try {
      const controller = new AbortController();
      const response = await get(controller.signal);
      const iterator = response.body[Symbol.asyncIterator]();
      assert.equal((await iterator.next()).value?.toString(), '[1,');
      const pending = iterator.next();
      const reason = new Error('stopped by the user');
      controller.abort(reason);
      await assert.rejects(pending, (error) => error === reason);
    } finally {
      await server.close();
    }
  });

  test('a cancellation before the answer rejects the request', async () => {
    const { server, get } = await serve(() => {
      // answers nothing
    });
    try {
      const controller = new AbortController();
      const pending = get(controller.signal);
      await new Promise((resolve) => setTimeout(resolve, 50));
      controller.abort();
      await assert.rejects(pending, { name: 'AbortError' });
    } finally {
      await server.close();
    }
  });

  test('a connection that breaks mid-body: the chunks that came, then the failure', async () => {
    const { server, get } = await serve((request, response) => {
      response.writeHead(200, { 'content-length': '100' });
      response.write('[1,', () => setTimeout(() => request.socket.destroy(), 20));
    });
    try {
      const response = await get();
      const chunks: string[] = [];
      await assert.rejects(
        (async () => {
          for await (const chunk of response.body) chunks.push(chunk.toString());
        })(),
        (error: { code?: string }) => error.code === 'UND_ERR_SOCKET',
      );
      assert.deepEqual(chunks, ['[1,']);
    } finally {
      await server.close();
    }
  });
});
