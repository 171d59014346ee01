import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, useCommand } from '@latch/local-kit/testing'
import { describe, expect, it, vi } from 'vitest'
import { providerEndpoints } from './identity-provider.js'
import { DEFAULT_USERS } from './options.js'
import { compilePackage } from './test/compiled.js'
import { SOCIAL_PROVIDER_IDS } from './types.js'

const command = useCommand('latch-identity-provider', compilePackage)
const TEMPLATE = 'http://127.0.0.1:8787/v1/auth/social/callback/{provider}'

/** A JSON file for --config, in a fresh directory. */
function configFile(content: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'latch-idp-config-')), 'idp.json')
  writeFileSync(path, content)
  return path
}

describe('latch-identity-provider', () => {
  it('registers the development clients from --redirect-uri, prints one JSON line, and stops on SIGTERM', async () => {
    const port = await freePort()
    const serving = await command.serve(['--port', String(port), '--redirect-uri', TEMPLATE])
    const url = `http://127.0.0.1:${port}`
    expect(JSON.parse(serving.line)).toEqual({
      url,
      providers: providerEndpoints(url),
      clients: Object.fromEntries(
        SOCIAL_PROVIDER_IDS.map((id) => [
          id,
          { clientId: `latch-local-${id}`, redirectUris: [TEMPLATE.replace('{provider}', id)] },
        ]),
      ),
      users: DEFAULT_USERS,
    })
    // Ids and redirect URIs only: the secrets stay out of the output.
    expect(serving.line).not.toMatch(/secret/i)
    // The ready line follows the JSON line on stderr.
    await vi.waitFor(() =>
      expect(serving.stderr()).toContain(
        `ms: ${url} (google, github, apple, facebook, x, discord, each under /<provider>;`,
      ),
    )
    const discovery = await fetch(`${url}/apple/.well-known/openid-configuration`)
    expect(await discovery.json()).toMatchObject({ issuer: `${url}/apple` })

    await command.stop(serving, 'SIGTERM')
    await expect(fetch(url)).rejects.toThrow()
  })

  it('takes clients, users and the host from --config, and the port from the environment', async () => {
    const port = await freePort()
    const users = [
      {
        sub: '42',
        username: 'dora',
        name: 'Dora Explorer',
        email: 'dora@example.test',
        emailVerified: true,
      },
    ]
    const config = configFile(
      JSON.stringify({
        host: 'localhost',
        clients: {
          github: { clientId: 'gh', clientSecret: 's', redirectUris: ['http://localhost:3000/cb'] },
        },
        users,
      }),
    )
    const running = command.run(['--config', config], {
      LATCH_IDENTITY_PROVIDER_PORT: String(port),
    })
    const summary = JSON.parse(await running.firstLine()) as Record<string, unknown>
    expect(summary).toMatchObject({
      url: `http://localhost:${port}`,
      clients: { github: { clientId: 'gh', redirectUris: ['http://localhost:3000/cb'] } },
      users,
    })
    running.process.kill('SIGINT')
    expect(await running.exitCode()).toBe(0)
  })

  it.each([
    [[], 'give --redirect-uri or --config: no client would be registered'],
    [
      ['--redirect-uri', TEMPLATE, '--port', 'http'],
      "--port must be a TCP port (1-65535), got 'http'",
    ],
    [['--config', '/nonexistent/idp.json'], '--config: cannot read /nonexistent/idp.json'],
    [
      ['--redirect-uri', 'not a url', '--port', '0'],
      'invalid identity provider options: clients.google.redirectUris.0: must be an http: or https: URL',
    ],
    [
      ['--redirect-uri', TEMPLATE, '--host', '0.0.0.0', '--port', '0'],
      'invalid identity provider options: host: must be 127.0.0.1 or localhost',
    ],
  ])('exits with 1 and a message for %j', async (args, message) => {
    const bad = command.run(args)
    expect(await bad.exitCode()).toBe(1)
    expect(bad.stderr()).toContain(`latch-identity-provider: ${message}`)
    expect(bad.stdout()).toBe('')
  })

  it('refuses a --config file that is not a JSON object', async () => {
    const bad = command.run(['--config', configFile('[1, 2]')])
    expect(await bad.exitCode()).toBe(1)
    expect(bad.stderr()).toMatch(/--config: .*idp\.json: it must hold a JSON object/)
  })

  it('prints its usage on --help', async () => {
    const help = command.run(['--help'])
    expect(await help.exitCode()).toBe(0)
    expect(help.stdout()).toMatch(
      /^Usage: latch-identity-provider \(--redirect-uri <uri> \| --config <file>\)/,
    )
  })
})
