// XMLHttpRequest for the tests: uploads (the one place the app uses it, for their progress) go to the
// same stubbed fetch as every other call, so a test's route table and its recorded calls see them too.
// The body is reported as sent in two steps (half, then all) before the answer arrives.

type Listener = ((event: ProgressEvent) => void) | null;

export class FakeXhr {
  status = 0;
  responseText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readonly upload: { onprogress: Listener } = { onprogress: null };
  private method = 'GET';
  private url = '';
  private readonly headers: Record<string, string> = {};
  private responseHeaders = new Headers();
  private aborted = false;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders.get(name);
  }

  abort(): void {
    this.aborted = true;
  }

  send(body: BodyInit | null): void {
    const total = 1000;
    const progress = (loaded: number) =>
      this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
    progress(total / 2);
    progress(total);
    void globalThis
      .fetch(this.url, { method: this.method, headers: this.headers, body })
      .then(async (response) => {
        if (this.aborted) return;
        this.status = response.status;
        this.responseHeaders = response.headers;
        this.responseText = await response.text();
        this.onload?.();
      })
      .catch(() => this.onerror?.());
  }
}
