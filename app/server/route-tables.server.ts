import { matchRoutes } from "@remix-run/react";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";

/**
 * Remix hands each request to React Router, which flattens, ranks and compiles a regular
 * expression for every route it knows, twice per request (once to pick the handler, once to run
 * the loader). With 44 route files that was a third of the CPU of a small API answer. So the
 * server keeps narrower tables over the same build and the same route modules:
 *
 * - pages: for a document, the routes its path and its parent paths match (what Remix sends the
 *   browser as the page's first manifest anyway); every page route for the rest;
 * - the JSON API: one table per api.* route (with its parent routes), picked by matching the
 *   path once against all the API routes (cached per path), so Remix then matches against that
 *   route alone. The route chosen is the one Remix would choose from the full table: the same
 *   function ranks the same routes.
 */

type RequestHandler = ReturnType<typeof createRequestHandler>;

/** Route ids of the JSON API's resource routes (app/routes/api.*). */
export function isApiRoute(routeId: string) {
  return routeId.startsWith("routes/api.");
}

/** Whether a request goes to the JSON API (ignoring case, as Remix matches paths). */
export function isApiPath(url: string) {
  const end = url.search(/[?#]/);
  const pathname = (end < 0 ? url : url.slice(0, end)).toLowerCase();
  return pathname === "/api" || pathname.startsWith("/api/");
}

/** The build with part of its routes, in both the server's table and the browser's manifest. */
export function buildWithRoutes(build: ServerBuild, keep: (routeId: string) => boolean): ServerBuild {
  const wanted = ([id]: [string, unknown]) => id === "root" || keep(id);
  return {
    ...build,
    routes: Object.fromEntries(Object.entries(build.routes).filter(wanted)),
    assets: { ...build.assets, routes: Object.fromEntries(Object.entries(build.assets.routes).filter(wanted)) },
  };
}

interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children: RouteNode[];
}

/** The nested route tree React Router matches against, as Remix builds it from the manifest. */
function routeTree(routes: ServerBuild["routes"], parentId?: string): RouteNode[] {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId)
    .map((route) => ({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      children: routeTree(routes, route.id),
    }));
}

const MATCH_CACHE_LIMIT = 1000;

/**
 * A request handler for pages. A document request is rendered from a table of the routes its
 * path and each parent path match: exactly the routes Remix puts in the page's first manifest
 * (the browser asks /__manifest for the others when it navigates). Data requests (".data"),
 * /__manifest and anything unusual use every page route.
 */
export function createPageHandler(build: ServerBuild, mode: string): RequestHandler {
  const pageBuild = buildWithRoutes(build, (id) => !isApiRoute(id));
  const tree = routeTree(pageBuild.routes);
  const full = createRequestHandler(pageBuild, mode);
  const handlers = new Map<string, RequestHandler>();
  const routesByPath = new Map<string, string[] | null>();

  function routesFor(pathname: string) {
    let routes = routesByPath.get(pathname);
    if (routes === undefined) {
      const ids = new Set<string>();
      const segments = pathname.split("/").filter(Boolean);
      const paths = [pathname];
      for (let end = segments.length - 1; end >= 0; end--) paths.push(`/${segments.slice(0, end).join("/")}`);
      let matched = true;
      for (const path of paths) {
        const matches = matchRoutes(tree as Parameters<typeof matchRoutes>[0], path);
        if (!matches && path === pathname) matched = false;
        for (const match of matches ?? []) ids.add(match.route.id!);
      }
      routes = matched ? [...ids].sort() : null;
      if (routesByPath.size >= MATCH_CACHE_LIMIT) routesByPath.clear();
      routesByPath.set(pathname, routes);
    }
    return routes;
  }

  return (request, loadContext) => {
    const url = new URL(request.url);
    if (request.method !== "GET" || url.pathname.endsWith(".data") || url.pathname === "/__manifest" || url.searchParams.has("_data")) {
      return full(request, loadContext);
    }
    const routes = routesFor(url.pathname);
    if (!routes) return full(request, loadContext);
    const key = routes.join(" ");
    let handler = handlers.get(key);
    if (!handler) {
      handler = createRequestHandler(buildWithRoutes(build, (id) => routes.includes(id)), mode);
      handlers.set(key, handler);
    }
    return handler(request, loadContext);
  };
}

/** A request handler for /api/* that has Remix match each request against its own route only. */
export function createApiHandler(build: ServerBuild, mode: string): RequestHandler {
  const apiBuild = buildWithRoutes(build, isApiRoute);
  const tree = routeTree(apiBuild.routes);
  const fallback = createRequestHandler(apiBuild, mode);
  const handlers = new Map<string, RequestHandler>();
  // Paths with ids in them (/api/studies/<id>) are many; the cache is emptied when it fills.
  const chainByPath = new Map<string, string[] | null>();

  /** The matched route's id chain (its parent routes, then itself), as Remix would match it. */
  function chainFor(pathname: string) {
    let chain = chainByPath.get(pathname);
    if (chain === undefined) {
      chain = matchRoutes(tree as Parameters<typeof matchRoutes>[0], pathname)?.map((match) => match.route.id!) ?? null;
      if (chainByPath.size >= MATCH_CACHE_LIMIT) chainByPath.clear();
      chainByPath.set(pathname, chain);
    }
    return chain;
  }

  return (request, loadContext) => {
    const url = new URL(request.url);
    // Remix's own data requests (".data", "?_data") rewrite the path before matching, and the
    // root is a layout, not an API answer: anything unusual goes to the whole API table.
    if (url.pathname.endsWith(".data") || url.searchParams.has("_data")) return fallback(request, loadContext);
    const chain = chainFor(url.pathname);
    const routeId = chain?.at(-1);
    if (!chain || !routeId || routeId === "root") return fallback(request, loadContext);
    let handler = handlers.get(routeId);
    if (!handler) {
      handler = createRequestHandler(buildWithRoutes(build, (id) => chain.includes(id)), mode);
      handlers.set(routeId, handler);
    }
    return handler(request, loadContext);
  };
}
