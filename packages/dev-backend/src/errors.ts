/** Why a start failed, in one line; `reason` tells a program which kind. */
export class DevBackendStartError extends Error {
  constructor(
    message: string,
    readonly reason: 'options' | 'port' | 'data' | 'fixtures',
  ) {
    super(message);
    this.name = 'DevBackendStartError';
  }
}
