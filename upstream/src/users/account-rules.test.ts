/**
 * The tenant boundary's rules for people, rule by rule (issue 24 items 1 and 4; ADR 009 "Tenant
 * boundary"): who changes the global account, who gives and takes the flags, and nobody without a
 * site. (Over HTTP, with the invitations: ./users.test.ts "the tenant boundary".)
 */
import { describe, expect, it } from "vitest";
import { USER_MESSAGES as M } from "../../contract/index.ts";
import { flagRefusals, leavesWithoutSite, mayChangeAccount } from "./account-rules.ts";

describe("the global account", () => {
  it("is changed by the person, or by a client only while the account belongs to it alone", () => {
    expect(mayChangeAccount({ self: true, otherClients: true })).toBe(true);
    expect(mayChangeAccount({ self: true, otherClients: false })).toBe(true);
    expect(mayChangeAccount({ self: false, otherClients: false })).toBe(true);
    expect(mayChangeAccount({ self: false, otherClients: true })).toBe(false);
  });
});

describe("the flags", () => {
  const primary = { primary: true, super: false };
  const superUser = { primary: false, super: true };
  const manager = { primary: false, super: false };
  const other = { self: false, pending: false, primary: false, billing: false, technical: false };

  it("only the primary user or a super user gives or takes billing and technical contact", () => {
    for (const who of [primary, superUser]) {
      expect(flagRefusals(who, other, { billing: true, technical: true })).toEqual({});
      expect(flagRefusals(who, { ...other, billing: true, technical: true }, { billing: false, technical: false })).toEqual({});
    }
    expect(flagRefusals(manager, other, { billing: true })).toEqual({ billing: [M.flagsPrimaryOnly] });
    expect(flagRefusals(manager, other, { technical: true })).toEqual({ technical: [M.flagsPrimaryOnly] });
    // Taking one away is a change too: no demotion from below.
    expect(flagRefusals(manager, { ...other, billing: true }, { billing: false })).toEqual({ billing: [M.flagsPrimaryOnly] });
  });

  it("a flag sent with the value it has is no change, whoever sends it", () => {
    expect(flagRefusals(manager, { ...other, billing: true }, { billing: true, technical: false, primary: false })).toEqual({});
    expect(flagRefusals(manager, { ...other, self: true, billing: true }, { billing: true })).toEqual({});
  });

  it("nobody changes their own: not the primary user, not a super user", () => {
    for (const who of [primary, superUser, manager]) {
      expect(flagRefusals(who, { ...other, self: true }, { billing: true })).toEqual({ billing: [M.ownFlags] });
      expect(flagRefusals(who, { ...other, self: true, technical: true }, { technical: false })).toEqual({ technical: [M.ownFlags] });
      expect(flagRefusals(who, { ...other, self: true }, { primary: true })).toEqual({ primary: [M.ownFlags] });
    }
  });

  it("primary: moved only by the primary user or a super user, never taken off, never onto an invitation", () => {
    expect(flagRefusals(primary, other, { primary: true })).toEqual({});
    expect(flagRefusals(superUser, other, { primary: true })).toEqual({});
    expect(flagRefusals(manager, other, { primary: true })).toEqual({ primary: [M.primaryTransfer] });
    expect(flagRefusals(primary, { ...other, primary: true }, { primary: false })).toEqual({ primary: [M.primaryKeep] });
    expect(flagRefusals(primary, { ...other, pending: true }, { primary: true })).toEqual({ primary: [M.primaryPending] });
  });
});

describe("sites", () => {
  it("nobody leaves themselves without a site; every site, or some, is fine", () => {
    expect(leavesWithoutSite(true, [])).toBe(true);
    expect(leavesWithoutSite(true, [3])).toBe(false);
    expect(leavesWithoutSite(true, null)).toBe(false);
    expect(leavesWithoutSite(true, undefined)).toBe(false);
    expect(leavesWithoutSite(false, [])).toBe(false);
  });
});
