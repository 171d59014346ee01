import { describe, expect, it } from 'vitest'
import { createFrameClient } from './client.js'
import { frameSource } from './frame-url.js'
import type { FrameClientOptions } from './options.js'

const valid: FrameClientOptions = {
  frameUrl: 'https://frame.example/secure/',
  projectId: 'project-1',
  chainId: 1,
  version: '1.2.3',
  mount: () => ({ window: { postMessage: () => undefined }, remove: () => undefined }),
}

describe('createFrameClient options', () => {
  it('creates a client in the idle state, reading no global and mounting nothing', () => {
    let mounted = 0
    const client = createFrameClient({ ...valid, mount: (src) => (mounted++, valid.mount(src)) })
    expect(client.state).toBe('idle')
    expect(client.frameOrigin).toBe('https://frame.example')
    expect(mounted).toBe(0)
  })

  it.each([
    ['http://frame.example/', 'frameUrl'],
    ['javascript:alert(1)', 'frameUrl'],
    ['https://user:secret@frame.example/', 'frameUrl'],
    ['not a url', 'frameUrl'],
  ])('refuses the frame URL %s', (frameUrl, field) => {
    expect(() => createFrameClient({ ...valid, frameUrl })).toThrow(
      `Invalid frame client options: ${field}`,
    )
  })

  it.each(['http://127.0.0.1:5174/', 'http://localhost:5174/frame', 'http://[::1]:8080/'])(
    'allows plain http on the loopback host %s',
    (frameUrl) => expect(createFrameClient({ ...valid, frameUrl }).state).toBe('idle'),
  )

  it('names every wrong field in one error', () => {
    const options = {
      ...valid,
      projectId: '',
      chainId: 0,
      version: '',
      timeouts: { loadMs: -1 },
      mount: undefined,
    }
    expect(() => Reflect.apply(createFrameClient, undefined, [options])).toThrow(
      'Invalid frame client options: projectId, chainId, version, mount, timeouts.loadMs',
    )
  })
})

describe('the iframe URL', () => {
  it('carries projectId, chainId, version, enableLogger and the host origin', () => {
    const { src, frameOrigin } = frameSource(
      { ...valid, chainId: 'eip155:137', enableLogger: true },
      'https://host.example',
    )
    const url = new URL(src)
    expect(url.origin + url.pathname).toBe('https://frame.example/secure/')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      projectId: 'project-1',
      chainId: 'eip155:137',
      version: '1.2.3',
      enableLogger: 'true',
      parentOrigin: 'https://host.example',
    })
    expect(frameOrigin).toBe('https://frame.example')
  })

  it('keeps the query the frame URL has, and omits an unknown host origin', () => {
    const { src } = frameSource({ ...valid, frameUrl: 'https://frame.example/?theme=1' }, undefined)
    expect(Object.fromEntries(new URL(src).searchParams)).toEqual({
      theme: '1',
      projectId: 'project-1',
      chainId: '1',
      version: '1.2.3',
      enableLogger: 'false',
    })
  })

  it('escapes what it adds', () => {
    const { src } = frameSource({ ...valid, projectId: 'a&b=c' }, undefined)
    expect(new URL(src).searchParams.get('projectId')).toBe('a&b=c')
  })
})
