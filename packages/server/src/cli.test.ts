import { randomBytes } from 'node:crypto'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli, type CliIo } from './cli.js'

function io(env: Record<string, string> = {}) {
  const lines = { out: [] as string[], err: [] as string[] }
  const value: CliIo = {
    out: (line) => lines.out.push(line),
    err: (line) => lines.err.push(line),
    env,
  }
  return { io: value, lines }
}

async function configFile(config: unknown): Promise<{ dir: string; path: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'latch-cli-'))
  const path = join(dir, 'latch.config.json')
  await writeFile(path, JSON.stringify(config))
  return { dir, path }
}

describe('latch-server', () => {
  it('prints the usage without --config', async () => {
    const { io: cli, lines } = io()
    expect(await runCli([], cli)).toBeUndefined()
    expect(lines.err.join('\n')).toMatch(/Usage: latch-server --config/)
  })

  it('names each wrong field of the configuration and does not start', async () => {
    const { path } = await configFile({
      projects: [{ id: 'demo', allowedOrigins: ['not an origin'] }],
    })
    const { io: cli, lines } = io()
    expect(await runCli(['--config', path], cli)).toBeUndefined()
    expect(lines.err.join('\n')).toContain('projects.0.allowedOrigins.0: Must be an origin')
  })

  it('starts on embedded PGlite in the data directory and answers', async () => {
    const { dir, path } = await configFile({
      projects: [{ id: 'demo', allowedOrigins: ['http://127.0.0.1:*'] }],
    })
    const { io: cli, lines } = io()
    const server = await runCli(
      ['--config', path, '--port', '0', '--data-dir', join(dir, 'data')],
      cli,
    )
    expect(server).toBeDefined()
    try {
      expect(lines.out[0]).toContain(`PGlite in ${join(dir, 'data')}`)
      const response = await fetch(`${server!.url}/appkit/v1/config?projectId=demo`)
      expect(await response.json()).toEqual({ features: [] })
    } finally {
      await server?.close()
    }
  })

  it('refuses a port out of range', async () => {
    const { path } = await configFile({
      projects: [{ id: 'demo', allowedOrigins: ['https://a.example'] }],
    })
    const { io: cli, lines } = io()
    expect(await runCli(['--config', path, '--port', '70000'], cli)).toBeUndefined()
    expect(lines.err.join('\n')).toContain('port: Must be 0-65535')
  })

  describe('its mode (finding 10 of the security review)', () => {
    const withAuth = {
      projects: [{ id: 'demo', allowedOrigins: ['https://app.example'] }],
      auth: {
        publicUrl: 'http://127.0.0.1:8787',
        smtp: { host: '127.0.0.1', port: 1025, from: 'Latch <login@latch.localhost>' },
      },
    }
    const DEV_ENV = {
      LATCH_AUTH_SECRET: 'e2e-auth-secret-0123456789abcdefghijklmnop',
      LATCH_CUSTODY_KEY: 'e2e-custody-key-0123456789abcdefghijklmnop',
    }

    it('is production with --production: development secrets are refused, by name', async () => {
      const { dir, path } = await configFile(withAuth)
      const { io: cli, lines } = io(DEV_ENV)
      const args = ['--config', path, '--port', '0', '--data-dir', join(dir, 'data')]
      expect(await runCli([...args, '--production'], cli)).toBeUndefined()
      const said = lines.err.join('\n')
      expect(said).toContain('LATCH_AUTH_SECRET: ')
      expect(said).toContain('LATCH_CUSTODY_KEY: ')
      expect(said).toMatch(/development secret/)
    })

    it('is production with NODE_ENV=production', async () => {
      const { dir, path } = await configFile(withAuth)
      const { io: cli, lines } = io({ ...DEV_ENV, NODE_ENV: 'production' })
      const args = ['--config', path, '--port', '0', '--data-dir', join(dir, 'data')]
      expect(await runCli(args, cli)).toBeUndefined()
      expect(lines.err.join('\n')).toContain('LATCH_AUTH_SECRET: ')
    })

    /** Runs the CLI, expects it to start and to print `said`, and stops it. */
    async function startsSaying(args: string[], env: Record<string, string>, said: string) {
      const { io: cli, lines } = io(env)
      const server = await runCli(args, cli)
      try {
        expect(server).toBeDefined()
        expect(lines.out.join('\n')).toContain(said)
      } finally {
        await server?.close()
      }
    }

    it('starts in production with good secrets, and says so', async () => {
      const { dir, path } = await configFile(withAuth)
      const args = ['--config', path, '--port', '0', '--data-dir', join(dir, 'data')]
      const env = {
        LATCH_AUTH_SECRET: randomBytes(48).toString('base64'),
        LATCH_CUSTODY_KEY: randomBytes(48).toString('base64'),
      }
      await startsSaying([...args, '--production'], env, 'production mode (--production)')
    })

    it('is development on a loopback public URL without NODE_ENV: the local stack starts', async () => {
      const { dir, path } = await configFile(withAuth)
      const args = ['--config', path, '--port', '0', '--data-dir', join(dir, 'data')]
      await startsSaying(args, DEV_ENV, 'development mode (a loopback public URL')
    })

    it('is production for a public URL that is not loopback, unless NODE_ENV=development', async () => {
      const { dir, path } = await configFile({
        ...withAuth,
        auth: { ...withAuth.auth, publicUrl: 'https://latch.example.com' },
      })
      const args = ['--config', path, '--port', '0', '--data-dir', join(dir, 'data')]
      const refused = io(DEV_ENV)
      expect(await runCli(args, refused.io)).toBeUndefined()
      expect(refused.lines.err.join('\n')).toContain('LATCH_AUTH_SECRET: ')
      await startsSaying(
        args,
        { ...DEV_ENV, NODE_ENV: 'development' },
        'development mode (NODE_ENV=development)',
      )
    })
  })
})
