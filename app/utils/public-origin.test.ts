import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { setConfigOverrides } from "~/config.server";
import type { NetworkInterfaces } from "./lan-addresses.server";
import { isLoopbackOrigin, publicOrigin } from "./public-origin.server";

const wifi: NetworkInterfaces = {
  lo: [{ address: "127.0.0.1", family: "IPv4", internal: true, netmask: "255.0.0.0", mac: "", cidr: null }],
  wlan0: [{ address: "192.168.1.23", family: "IPv4", internal: false, netmask: "255.255.255.0", mac: "", cidr: null }],
};
const offline: NetworkInterfaces = { lo: wifi.lo };
/** The load context of a request whose Host check accepted `origin`. */
const at = (origin: string, listensOnNetwork: boolean) => ({ requestOrigin: origin, listensOnNetwork });

describe("publicOrigin: the start of links meant for other people", () => {
  afterEach(() => setConfigOverrides({}));

  test("a server on 127.0.0.1 only (the desktop app not sharing) keeps its own address", () => {
    const origin = publicOrigin(at("http://127.0.0.1:43123", false), wifi);
    assert.equal(origin, "http://127.0.0.1:43123");
    assert.equal(isLoopbackOrigin(origin), true);
  });

  test("sharing on every interface but opened on this computer: the LAN address on the same port", () => {
    const origin = publicOrigin(at("http://127.0.0.1:43123", true), wifi);
    assert.equal(origin, "http://192.168.1.23:43123");
    assert.equal(isLoopbackOrigin(origin), false);
    assert.equal(publicOrigin(at("http://localhost:3000", true), wifi), "http://192.168.1.23:3000");
  });

  test("opened from another device (a LAN address or a name): that address, unchanged", () => {
    assert.equal(publicOrigin(at("http://192.168.1.23:43123", true), wifi), "http://192.168.1.23:43123");
    assert.equal(publicOrigin(at("https://study.example.org", true), wifi), "https://study.example.org");
  });

  test("no network at all: the loopback address, which the page then explains", () => {
    const origin = publicOrigin(at("http://127.0.0.1:43123", true), offline);
    assert.equal(origin, "http://127.0.0.1:43123");
  });

  test("PUBLIC_URL wins over everything, without a trailing slash", () => {
    setConfigOverrides({ PUBLIC_URL: "https://church.example.org/" });
    assert.equal(publicOrigin(at("http://127.0.0.1:3000", true), wifi), "https://church.example.org");
  });
});
