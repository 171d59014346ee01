import type { FrameHandler, FrameHandlers } from '../frame/endpoint.js'
import {
  appEvents,
  isAppEventType,
  type AppEventType,
  type AppRequest,
  type AppSuccess,
} from '../events/event-map.js'
import type { FrameUser } from '../events/user.js'

/** One event's test data: a valid request and reply, and payloads each schema must refuse. */
export interface EventSample<T extends AppEventType> {
  readonly request: AppRequest<T>
  readonly invalidRequests: readonly unknown[]
  readonly success: AppSuccess<T>
  readonly invalidSuccess: unknown
}

/** Test data for every app event: the type makes the table complete. */
export type EventSamples = { readonly [T in AppEventType]: EventSample<T> }

const address = '0x00000000000000000000000000000000000000aa'
const user: FrameUser = {
  email: 'visitor@example.com',
  address,
  chainId: 'eip155:31337',
  accounts: [{ address, type: 'eoa' }],
  userName: 'visitor',
  preferredAccountType: 'eoa',
  smartAccountDeployed: false,
}
const signature = `0x${'ab'.repeat(65)}`

export const samples: EventSamples = {
  CONNECT_EMAIL: {
    request: { email: 'visitor@example.com' },
    invalidRequests: [{ email: 'not-an-email' }, { email: 42 }, {}, undefined],
    success: { action: 'VERIFY_OTP' },
    invalidSuccess: { action: 'LOGIN' },
  },
  CONNECT_DEVICE: {
    request: undefined,
    invalidRequests: [{}, 'device'],
    success: undefined,
    invalidSuccess: { approved: true },
  },
  CONNECT_OTP: {
    request: { otp: '012345' },
    invalidRequests: [{ otp: '12345' }, { otp: '1234567' }, { otp: '12a456' }, { otp: 123456 }],
    success: undefined,
    invalidSuccess: 'done',
  },
  CONNECT_SOCIAL: {
    request: { uri: 'https://host.example/?code=abc', preferredAccountType: 'eoa', chainId: 1 },
    invalidRequests: [
      { uri: '' },
      { uri: 'x', chainId: 0 },
      { uri: 'x', preferredAccountType: 'contract' },
    ],
    success: user,
    invalidSuccess: { address: '0x1234', chainId: 1 },
  },
  GET_SOCIAL_REDIRECT_URI: {
    request: { provider: 'google' },
    invalidRequests: [{ provider: 'farcaster' }, { provider: 'myspace' }, {}],
    success: {
      uri: 'https://accounts.example/auth?state=1',
      binding: 'c29jaWFsLWJpbmRpbmctb2YtYS10ZXN0LWZsb3ctMDA',
    },
    invalidSuccess: { uri: 'https://accounts.example/auth?state=1' },
  },
  GET_FARCASTER_URI: {
    request: undefined,
    invalidRequests: [{}],
    success: { url: 'https://farcaster.example/connect?channel=1' },
    invalidSuccess: {},
  },
  CONNECT_FARCASTER: {
    request: undefined,
    invalidRequests: [{ id: 1 }],
    success: { address, chainId: 1, userName: 'fid-1' },
    invalidSuccess: { address: '0xzz', chainId: 1 },
  },
  SIGN_OUT: {
    request: undefined,
    invalidRequests: ['now'],
    success: undefined,
    invalidSuccess: {},
  },
  IS_CONNECTED: {
    request: { token: 'eyJhbGciOiJFZERTQSJ9.session' },
    invalidRequests: [{ token: '' }, { token: 5 }, undefined],
    success: { isConnected: true },
    invalidSuccess: { isConnected: 'yes' },
  },
  UPDATE_EMAIL: {
    request: { email: 'new@example.com' },
    invalidRequests: [{ email: 'new' }, {}],
    success: { action: 'VERIFY_PRIMARY_OTP' },
    invalidSuccess: { action: 'VERIFY_OTP' },
  },
  UPDATE_EMAIL_PRIMARY_OTP: {
    request: { otp: '654321' },
    invalidRequests: [{ otp: '65432' }],
    success: undefined,
    invalidSuccess: 1,
  },
  UPDATE_EMAIL_SECONDARY_OTP: {
    request: { otp: '111111' },
    invalidRequests: [{}],
    success: { newEmail: 'new@example.com' },
    invalidSuccess: { newEmail: 'nope' },
  },
  GET_USER: {
    request: { chainId: 31337, preferredAccountType: 'eoa' },
    invalidRequests: [
      { chainId: -1 },
      { chainId: 2_147_483_648 },
      { chainId: 'eip155' },
      { socialUri: '' },
    ],
    success: user,
    invalidSuccess: { address, chainId: 1.5 },
  },
  SWITCH_NETWORK: {
    request: { chainId: 'eip155:31338' },
    invalidRequests: [{ chainId: 1.5 }, {}, { chainId: '31338' }],
    success: { chainId: 31338 },
    invalidSuccess: { chainId: null },
  },
  GET_CHAIN_ID: {
    request: undefined,
    invalidRequests: [{}],
    success: { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
    invalidSuccess: { chainId: '1' },
  },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: {
    request: undefined,
    invalidRequests: [[]],
    success: { smartAccountEnabledNetworks: [] },
    invalidSuccess: { smartAccountEnabledNetworks: ['eip155:1'] },
  },
  INIT_SMART_ACCOUNT: {
    request: undefined,
    invalidRequests: [{}],
    success: { address, isDeployed: false },
    invalidSuccess: { address },
  },
  SET_PREFERRED_ACCOUNT: {
    request: { type: 'smartAccount' },
    invalidRequests: [{ type: 'EOA' }, {}],
    success: { type: 'eoa', address },
    invalidSuccess: { type: 'eoa' },
  },
  SIGN_IN: {
    request: { message: 'app.example wants you to sign in with your Ethereum account:' },
    invalidRequests: [{ message: '' }, {}],
    success: { signature: `0x${'ab'.repeat(65)}` },
    invalidSuccess: { signature: '0xab' },
  },
  RPC_REQUEST: {
    request: { method: 'personal_sign', params: ['0x68656c6c6f', address] },
    invalidRequests: [
      { method: '' },
      { method: 'eth call' },
      { method: 'eth_call', params: '0x' },
      { method: 'eth_call', params: [1n] },
    ],
    success: signature,
    invalidSuccess: undefined,
  },
  SYNC_THEME: {
    request: { themeMode: 'dark', themeVariables: { '--latch-accent': '#ff0066' } },
    invalidRequests: [{ themeMode: 'sepia' }, { themeVariables: { '--latch-accent': true } }],
    success: undefined,
    invalidSuccess: { applied: 1 },
  },
  SYNC_DAPP_DATA: {
    request: {
      metadata: { name: 'Host', description: 'A host', url: 'https://host.example', icons: [] },
      sdkVersion: '0.0.0',
      sdkType: 'latch',
      projectId: 'project-1',
    },
    invalidRequests: [{ sdkVersion: '', sdkType: 'latch', projectId: 'p' }, { sdkType: 'latch' }],
    success: undefined,
    invalidSuccess: 'synced',
  },
  RELOAD: {
    request: undefined,
    invalidRequests: [{}],
    success: undefined,
    invalidSuccess: 0,
  },
}

/** Every app event name, from the map itself. */
export const eventTypes: AppEventType[] = Object.keys(appEvents).filter(isAppEventType)

/** A call a handler received. */
export interface HandledCall {
  readonly type: AppEventType
  readonly payload: unknown
}

/** Handlers that record each call and answer with the sample success. */
export function sampleHandlers(calls: HandledCall[] = []): FrameHandlers {
  const answer =
    <T extends AppEventType>(type: T): FrameHandler<T> =>
    (payload) => {
      calls.push({ type, payload })
      return samples[type].success
    }
  return {
    CONNECT_EMAIL: answer('CONNECT_EMAIL'),
    CONNECT_DEVICE: answer('CONNECT_DEVICE'),
    CONNECT_OTP: answer('CONNECT_OTP'),
    CONNECT_SOCIAL: answer('CONNECT_SOCIAL'),
    GET_SOCIAL_REDIRECT_URI: answer('GET_SOCIAL_REDIRECT_URI'),
    GET_FARCASTER_URI: answer('GET_FARCASTER_URI'),
    CONNECT_FARCASTER: answer('CONNECT_FARCASTER'),
    SIGN_OUT: answer('SIGN_OUT'),
    IS_CONNECTED: answer('IS_CONNECTED'),
    UPDATE_EMAIL: answer('UPDATE_EMAIL'),
    UPDATE_EMAIL_PRIMARY_OTP: answer('UPDATE_EMAIL_PRIMARY_OTP'),
    UPDATE_EMAIL_SECONDARY_OTP: answer('UPDATE_EMAIL_SECONDARY_OTP'),
    GET_USER: answer('GET_USER'),
    SWITCH_NETWORK: answer('SWITCH_NETWORK'),
    GET_CHAIN_ID: answer('GET_CHAIN_ID'),
    GET_SMART_ACCOUNT_ENABLED_NETWORKS: answer('GET_SMART_ACCOUNT_ENABLED_NETWORKS'),
    INIT_SMART_ACCOUNT: answer('INIT_SMART_ACCOUNT'),
    SET_PREFERRED_ACCOUNT: answer('SET_PREFERRED_ACCOUNT'),
    RPC_REQUEST: answer('RPC_REQUEST'),
    SIGN_IN: answer('SIGN_IN'),
    SYNC_THEME: answer('SYNC_THEME'),
    SYNC_DAPP_DATA: answer('SYNC_DAPP_DATA'),
    RELOAD: answer('RELOAD'),
  }
}
