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
})
