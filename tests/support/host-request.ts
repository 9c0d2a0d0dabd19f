import http from "node:http";

export interface HostAnswer {
  status: number;
  contentType: string;
  text: string;
}

/**
 * A request to 127.0.0.1:`port` with the Host header written out (fetch() replaces Host with the
 * URL's): what a client, a proxy or an attacker can send.
 */
export function sendWithHost(
  port: number,
  pathname: string,
  {
    host,
    method = "GET",
    headers = {},
    body,
    form,
  }: {
    host: string;
    method?: string;
    headers?: Record<string, string>;
    /** Sent as JSON. */
    body?: unknown;
    /** Sent as a form post (urlencoded), as a page without scripts does. */
    form?: Record<string, string>;
  },
) {
  return new Promise<HostAnswer>((resolve, reject) => {
    const payload =
      form !== undefined ? new URLSearchParams(form).toString() : body === undefined ? undefined : JSON.stringify(body);
    const contentType = form !== undefined ? "application/x-www-form-urlencoded" : "application/json";
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path: pathname,
        method,
        agent: false,
        headers: { host, ...(payload ? { "content-type": contentType } : {}), ...headers },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, contentType: String(response.headers["content-type"]), text }),
        );
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}
