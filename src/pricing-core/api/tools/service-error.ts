// A failure the caller should see as a reply code (2001 bad input, 2002 no inverse, ...).
// Lives with the tool table because the table throws it in both the gateway and the
// browser's offline worker; server/contracts.ts re-exports it for the other services.
// The gateway and the offline worker recognise it by `name`, so a copy bundled twice still maps.
export class ServiceError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}
