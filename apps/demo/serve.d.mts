/** Serves the files under `root` on 127.0.0.1; port 0 (the default) picks a free port. */
export function startStaticServer(root: string, port?: number): Promise<{ url: string; close: () => Promise<void> }>;
