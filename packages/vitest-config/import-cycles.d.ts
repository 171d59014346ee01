/** The import cycles reachable from `entries` (type-only and dynamic imports included). */
export declare function importCycles(cwd: string, entries: string[]): Promise<string[][]>
/** Every file of the package reachable from `entries`, relative to `cwd`. */
export declare function reachableFiles(cwd: string, entries: string[]): Promise<string[]>
