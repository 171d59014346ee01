import { connect, type Socket } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { pglite, testConfig } from '../test/harness.js'
import { startServer, type RunningServer } from './server.js'

const opened: Array<{ server: RunningServer; sockets: Socket[] }> = []
afterEach(async () => {
  for (const { server, sockets } of opened.splice(0)) {
    for (const socket of sockets) socket.destroy()
    await server.close()
  }
})

async function started() {
  const database = await pglite.open()
  const server = await startServer(testConfig(), { database })
  const entry = { server, sockets: [] as Socket[] }
  opened.push(entry)
  const socketTo = () =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1', () => resolve(socket)).once('error', reject)
      entry.sockets.push(socket)
    })
  return { server, database, socketTo }
}

const closedBy = (socket: Socket) =>
  new Promise<void>((resolve) => {
    if (socket.destroyed) resolve()
    else socket.once('close', () => resolve())
  })

// A browser opens sockets ahead of its requests (preconnects). Node would hold `close()` open on
// such a socket until its `headersTimeout` (a minute), so every test stack would wait that long.
// The timeout below is how the test fails without the fix, not a speed target.
it('close() ends a socket that has sent no request yet, at once', { timeout: 20_000 }, async () => {
  const { server, database, socketTo } = await started()
  const preconnect = await socketTo()
  const ended = closedBy(preconnect)
  await server.close()
  await ended
  expect(preconnect.destroyed).toBe(true)
  await database.close()
})

it('close() lets a request in flight finish, and answers it', async () => {
  const { server, database, socketTo } = await started()
  const socket = await socketTo()
  const answer = new Promise<string>((resolve) => {
    let text = ''
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()))
    socket.once('close', () => resolve(text))
  })
  // Half a request: the socket has begun one, so the server counts it as in flight.
  socket.write('GET /health HTTP/1.1\r\nhost: 127.0.0.1\r\n')
  await new Promise((resolve) => setTimeout(resolve, 50))
  const closing = server.close()
  socket.end('connection: close\r\n\r\n')
  await closing
  expect(await answer).toMatch(/^HTTP\/1\.1 \d{3} /)
  await database.close()
})
