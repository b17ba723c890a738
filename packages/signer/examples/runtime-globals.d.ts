// The parts of Bun's and Deno's globals that the recipes use, as @types/bun and @types/deno
// declare them (those packages redeclare Node's and the DOM's globals, so they are not loaded
// into this workspace's programs). `pnpm check:examples` has the same in its prelude.

declare const Bun: {
  readonly env: Record<string, string | undefined>
  serve(options: {
    hostname?: string
    port?: number
    fetch: (request: Request) => Response | Promise<Response>
  }): { readonly url: URL; readonly port: number; stop(): void }
}

declare const Deno: {
  readonly env: { get(name: string): string | undefined }
  serve(
    options: { hostname?: string; port?: number; onListen?: (address: { port: number }) => void },
    handler: (request: Request) => Response | Promise<Response>,
  ): { shutdown(): Promise<void> }
}
