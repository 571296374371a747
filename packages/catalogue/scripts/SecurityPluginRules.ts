/**
 * eslint-plugin-security's rules as security patterns: each one's sub-category (the original
 * service's names) and the weakness it looks for (CWE), read from the rule's documentation
 * (`docs/rules/*.md` of eslint-plugin-security 4.1.0). The plugin recommends them all; here they
 * are off by default: each reports a construct that may be unsafe (a variable key, a non-literal
 * path), most often in code that is not, and a team turns on the ones it wants.
 */
export interface SecurityRule {
  readonly subCategory: string
  readonly cwe: string
}

export const securityPluginRules: Readonly<Record<string, SecurityRule>> = {
  // A regular expression with nested quantifiers can take exponential time: ReDoS.
  "detect-unsafe-regex": { subCategory: "Regex", cwe: "CWE-1333" },
  // A pattern built from input can be a ReDoS pattern too.
  "detect-non-literal-regexp": { subCategory: "Regex", cwe: "CWE-1333" },
  // `require(variable)` loads whatever module or file the variable names.
  "detect-non-literal-require": { subCategory: "InsecureModulesLibraries", cwe: "CWE-829" },
  // A path from input can leave the intended folder: path traversal.
  "detect-non-literal-fs-filename": { subCategory: "FileAccess", cwe: "CWE-22" },
  // `eval` of an expression runs code an attacker may write.
  "detect-eval-with-expression": { subCategory: "CommandInjection", cwe: "CWE-95" },
  // `pseudoRandomBytes` is not cryptographically strong.
  "detect-pseudoRandomBytes": { subCategory: "Cryptography", cwe: "CWE-338" },
  // `===` on a secret returns early at the first differing character: a timing side channel.
  "detect-possible-timing-attacks": { subCategory: "Cryptography", cwe: "CWE-208" },
  // Express's csrf before method-override lets a forged method bypass the check.
  "detect-no-csrf-before-method-override": { subCategory: "CSRF", cwe: "CWE-352" },
  // `noAssert` skips the bounds check of a Buffer read or write.
  "detect-buffer-noassert": { subCategory: "MemoryCorruption", cwe: "CWE-119" },
  // A shell command built from input: OS command injection.
  "detect-child-process": { subCategory: "CommandInjection", cwe: "CWE-78" },
  // Template output without HTML escaping: cross-site scripting.
  "detect-disable-mustache-escape": { subCategory: "XSS", cwe: "CWE-79" },
  // `object[key]` with a key from input reads or writes any property, the prototype's included.
  "detect-object-injection": { subCategory: "InputValidation", cwe: "CWE-915" },
  // `new Buffer(n)` hands out uninitialised memory, which may hold other data.
  "detect-new-buffer": { subCategory: "UnexpectedBehaviour", cwe: "CWE-908" },
  // Trojan source: the code shown to a reviewer is not the code that runs.
  "detect-bidi-characters": { subCategory: "UnexpectedBehaviour", cwe: "CWE-451" },
  "detect-invisible-characters": { subCategory: "UnexpectedBehaviour", cwe: "CWE-451" }
}
