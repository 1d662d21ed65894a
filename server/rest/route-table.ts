/** One row of the REST table: a documented /api path served by a tRPC procedure. */
export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** OpenAPI-style path, e.g. /api/classes/{id}. */
  path: string;
  /** Dotted procedure path in the app router, e.g. 'classes.update'. */
  procedure: string;
  summary: string;
  /** No Authorization / X-Church-Code needed. */
  public?: boolean;
  /** HTTP status on success (default 200). */
  successStatus?: number;
  tag: string;
  /** For a file download instead of JSON: turns the procedure's output into the body; errors
   * still answer with the JSON envelope. */
  render?: (output: any) => RestFile;
}

/** A non-JSON answer, e.g. a CSV export; `filename` becomes an attachment Content-Disposition. */
export interface RestFile {
  contentType: string;
  body: string;
  filename?: string;
}

export const restRoute = (tag: string) => (route: Omit<RestRoute, 'tag'>): RestRoute => ({ ...route, tag });
