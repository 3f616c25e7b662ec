// API client: one function per endpoint of /api/games/<game>/…, each taking an optional AbortSignal so the turn
// state machine can cancel a request it no longer wants. Every failure becomes an Error whose message is the
// API's JSON `error` sentence (with `code` and `status` attached); an answer that is not JSON still gives a clear
// sentence, never raw text. Cancelled requests reject with an Error whose `aborted` is true.

export class ApiError extends Error {
  constructor(message, status, code) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export function createApi(game) {
  async function call(path, body, signal) {
    let r;
    try {
      r = await fetch('/api/games/' + game + '/' + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
    } catch (e) {
      if (signal && signal.aborted) {
        const err = new ApiError('cancelled', 0, 'aborted');
        err.aborted = true;
        throw err;
      }
      throw new ApiError('The server cannot be reached (' + e.message + ').', 0, 'network');
    }
    let data = null;
    try {
      data = await r.json();
    } catch (_) {
      data = null;
    }
    if (!r.ok) {
      const msg = data && data.error ? data.error : 'The server answered HTTP ' + r.status + ' without an explanation.';
      throw new ApiError(msg, r.status, data && data.code ? data.code : 'http_' + r.status);
    }
    if (data === null) throw new ApiError('The server sent an unreadable answer (HTTP ' + r.status + ').', r.status, 'unreadable');
    return data;
  }
  return {
    validate: (position, signal) => call('validate', { position }, signal),
    play: (position, move, signal) => call('play', { position, move }, signal),
    engine: (position, limits, signal) => call('engine', Object.assign({ position }, limits), signal),
    analysis: (position, signal) => call('analysis', { position }, signal),
    tree: (position, opts, signal) => call('tree', Object.assign({ position }, opts), signal),
  };
}
