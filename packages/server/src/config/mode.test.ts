import { describe, expect, it } from 'vitest'
import { ServerConfigError } from './load.js'
import { chooseServerMode } from './mode.js'

// How a server's mode is chosen (security review, findings 3 and 10): what the caller names,
// else NODE_ENV, else development only where no other machine's browser reaches the frame.

/** The part of a configuration the choice reads: the email login's public URL. */
const at = (publicUrl?: string) => ({
  auth: publicUrl === undefined ? undefined : { publicUrl },
})
const choose = (env: Record<string, string>, publicUrl?: string, mode?: unknown) =>
  chooseServerMode({ env, config: at(publicUrl), ...(mode === undefined ? {} : { mode }) })

describe('the server’s mode', () => {
  it('is the one the caller names, whatever NODE_ENV says', () => {
    expect(choose({ NODE_ENV: 'development' }, 'http://127.0.0.1:8787', 'production')).toEqual({
      mode: 'production',
      reason: 'the caller',
    })
    expect(
      chooseServerMode({
        mode: 'production',
        told: '--production',
        env: {},
        config: at('http://127.0.0.1:8787'),
      }).reason,
    ).toBe('--production')
    expect(() => choose({}, undefined, 'staging')).toThrow(ServerConfigError)
    expect(() => choose({}, undefined, 'staging')).toThrow(
      /mode: Must be development or production/,
    )
  })

  it('is NODE_ENV’s when it says production or development', () => {
    expect(choose({ NODE_ENV: 'production' }, 'http://127.0.0.1:8787').mode).toBe('production')
    expect(choose({ NODE_ENV: 'development' }, 'https://latch.example.com').mode).toBe(
      'development',
    )
  })

  it('is otherwise development on a loopback public URL or without auth, production elsewhere', () => {
    for (const url of ['http://127.0.0.1:8787', 'http://localhost:8787', 'http://[::1]:8787'])
      expect(choose({ NODE_ENV: 'test' }, url).mode).toBe('development')
    expect(choose({}).mode).toBe('development')
    expect(choose({}, 'https://latch.example.com')).toEqual({
      mode: 'production',
      reason: 'a public URL, https://latch.example.com',
    })
    expect(choose({ NODE_ENV: 'test' }, 'https://abc.ngrok-free.app').mode).toBe('production')
  })
})
