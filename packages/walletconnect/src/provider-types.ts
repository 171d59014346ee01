import type { UniversalProvider as UniversalProviderClass } from '@walletconnect/universal-provider'

/** An initialised universal provider (the package exports its class as a value only). */
export type UniversalProvider = InstanceType<typeof UniversalProviderClass>

/** A settled session as the universal provider holds it. */
export type ProviderSession = NonNullable<UniversalProvider['session']>

/** The storage option of `UniversalProvider.init`. */
export type ProviderStorage = NonNullable<
  Parameters<typeof UniversalProviderClass.init>[0]['storage']
>
