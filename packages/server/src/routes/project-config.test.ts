import {
  allowedOriginsSchema,
  analyticsConfigSchema,
  apiErrorSchema,
  projectConfigSchema,
} from '@latch/core/api'
import { expect, it } from 'vitest'
import { describeOnEachDatabase, get, TEST_ORIGIN, testConfig } from '../../test/harness.js'

describeOnEachDatabase('project configuration routes', (suite) => {
  // The socials feature is off: on, it could name only providers the server logs in with.
  it('answers the project features, origins and analytics flag from the config file', async () => {
    const config = testConfig({
      features: [
        { id: 'email', isEnabled: false },
        { id: 'socials', isEnabled: false, config: ['github'] },
      ],
      analytics: true,
      allowedOrigins: [TEST_ORIGIN, 'https://app.example'],
    })
    const server = await suite.server(config)
    const id = config.projects[0]!.id
    const features = await get(server, `/appkit/v1/config?projectId=${id}&st=latch&sv=0.0.0`)
    expect(features.status).toBe(200)
    expect(projectConfigSchema.parse(await features.json()).features).toEqual([
      { id: 'email', isEnabled: false },
      { id: 'socials', isEnabled: false, config: ['github'] },
    ])
    const origins = await get(server, `/projects/v1/origins?projectId=${id}`)
    expect(allowedOriginsSchema.parse(await origins.json())).toEqual({
      allowedOrigins: [TEST_ORIGIN, 'https://app.example'],
    })
    const analytics = await get(server, `/getAnalyticsConfig?projectId=${id}`)
    expect(analyticsConfigSchema.parse(await analytics.json())).toEqual({
      isAnalyticsEnabled: true,
    })
  })

  it('grants CORS to an allowed origin only, and answers its preflight', async () => {
    const config = testConfig({ allowedOrigins: ['http://127.0.0.1:*'] })
    const server = await suite.server(config)
    const id = config.projects[0]!.id
    const allowed = await get(server, `/appkit/v1/config?projectId=${id}`, 'http://127.0.0.1:41234')
    expect(allowed.status).toBe(200)
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:41234')
    const preflight = await server.fetch(
      new Request(`http://latch.test/getWallets?projectId=${id}`, {
        method: 'OPTIONS',
        headers: { origin: 'http://127.0.0.1:9', 'access-control-request-method': 'GET' },
      }),
    )
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:9')
  })

  it('refuses an origin not on the list with a 403 it can read, and grants it nothing else', async () => {
    const config = testConfig()
    const server = await suite.server(config)
    const id = config.projects[0]!.id
    const response = await get(server, `/appkit/v1/config?projectId=${id}`, 'https://evil.example')
    expect(response.status).toBe(403)
    // Readable, so the modal can say 'Invalid App Configuration'; the body is the error alone.
    expect(response.headers.get('access-control-allow-origin')).toBe('https://evil.example')
    expect(await response.json()).toEqual({
      error: 'Invalid App Configuration: origin not allowed for this project',
    })
    const preflight = await server.fetch(
      new Request(`http://latch.test/v1/?projectId=${id}&chainId=eip155:1`, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      }),
    )
    expect(preflight.status).toBe(403)
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull()
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull()
  })

  it('refuses an unknown project with 403 and a malformed one with 400 and its issues', async () => {
    const server = await suite.server(testConfig())
    const unknown = await get(server, '/appkit/v1/config?projectId=nobody')
    expect(unknown.status).toBe(403)
    expect(apiErrorSchema.parse(await unknown.json()).error).toMatch(/unknown project/)
    const malformed = await get(server, '/appkit/v1/config?projectId=bad%20id')
    expect(malformed.status).toBe(400)
    const body = apiErrorSchema.parse(await malformed.json())
    expect(body.issues?.[0]?.message).toBe('Invalid project id')
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts/)
  })
})
