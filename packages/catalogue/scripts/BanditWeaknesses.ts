/**
 * The weakness (CWE) of each of bandit's tests, as bandit declares it (`cwe=issue.Cwe.…` in
 * `bandit/plugins/*.py` and `bandit/blacklists/{calls,imports}.py`, numbers from
 * `bandit/core/issue.py`; PyCQA/bandit at 92080542, 2026), and the security sub-category (the
 * original service's names) that weakness files under, or what the finding leads to where the two
 * differ (commented). Ruff's `S` rules are flake8-bandit's, whose codes are bandit's test ids
 * (`S608` is `B608`, bandit 1.9.4-5-g92080542; each checked against the Ruff rule's name); a Ruff
 * rule of no bandit test has neither (its findings are filed under "other").
 */
export interface BanditWeakness {
  readonly cwe: string
  readonly subCategory: string
}

export const banditWeaknesses: Readonly<Record<string, BanditWeakness>> = {
  B101: { cwe: "CWE-703", subCategory: "UnexpectedBehaviour" },
  B102: { cwe: "CWE-78", subCategory: "CommandInjection" },
  B103: { cwe: "CWE-732", subCategory: "InsecureStorage" },
  B104: { cwe: "CWE-605", subCategory: "HTTP" },
  B105: { cwe: "CWE-259", subCategory: "Auth" },
  B106: { cwe: "CWE-259", subCategory: "Auth" },
  B107: { cwe: "CWE-259", subCategory: "Auth" },
  B108: { cwe: "CWE-377", subCategory: "InsecureStorage" },
  B110: { cwe: "CWE-703", subCategory: "UnexpectedBehaviour" },
  B112: { cwe: "CWE-703", subCategory: "UnexpectedBehaviour" },
  B113: { cwe: "CWE-400", subCategory: "DoS" },
  B201: { cwe: "CWE-94", subCategory: "CommandInjection" },
  B202: { cwe: "CWE-22", subCategory: "FileAccess" },
  B301: { cwe: "CWE-502", subCategory: "InputValidation" },
  B302: { cwe: "CWE-502", subCategory: "InputValidation" },
  B303: { cwe: "CWE-327", subCategory: "Cryptography" },
  B304: { cwe: "CWE-327", subCategory: "Cryptography" },
  B305: { cwe: "CWE-327", subCategory: "Cryptography" },
  B306: { cwe: "CWE-377", subCategory: "InsecureStorage" },
  B307: { cwe: "CWE-78", subCategory: "CommandInjection" },
  B308: { cwe: "CWE-79", subCategory: "XSS" },
  B310: { cwe: "CWE-22", subCategory: "FileAccess" },
  B311: { cwe: "CWE-330", subCategory: "Cryptography" },
  B312: { cwe: "CWE-319", subCategory: "HTTP" },
  B313: { cwe: "CWE-20", subCategory: "InputValidation" },
  B314: { cwe: "CWE-20", subCategory: "InputValidation" },
  B315: { cwe: "CWE-20", subCategory: "InputValidation" },
  B316: { cwe: "CWE-20", subCategory: "InputValidation" },
  B317: { cwe: "CWE-20", subCategory: "InputValidation" },
  B318: { cwe: "CWE-20", subCategory: "InputValidation" },
  B319: { cwe: "CWE-20", subCategory: "InputValidation" },
  B321: { cwe: "CWE-319", subCategory: "HTTP" },
  B323: { cwe: "CWE-295", subCategory: "SSL" },
  B324: { cwe: "CWE-327", subCategory: "Cryptography" },
  B401: { cwe: "CWE-319", subCategory: "HTTP" },
  B402: { cwe: "CWE-319", subCategory: "HTTP" },
  B403: { cwe: "CWE-502", subCategory: "InputValidation" },
  B404: { cwe: "CWE-78", subCategory: "CommandInjection" },
  B405: { cwe: "CWE-20", subCategory: "InputValidation" },
  B406: { cwe: "CWE-20", subCategory: "InputValidation" },
  B407: { cwe: "CWE-20", subCategory: "InputValidation" },
  B408: { cwe: "CWE-20", subCategory: "InputValidation" },
  B409: { cwe: "CWE-20", subCategory: "InputValidation" },
  B411: { cwe: "CWE-20", subCategory: "InputValidation" },
  B412: { cwe: "CWE-284", subCategory: "HTTP" },
  B413: { cwe: "CWE-327", subCategory: "Cryptography" },
  B415: { cwe: "CWE-319", subCategory: "HTTP" },
  B501: { cwe: "CWE-295", subCategory: "SSL" },
  B502: { cwe: "CWE-327", subCategory: "Cryptography" },
  B503: { cwe: "CWE-327", subCategory: "Cryptography" },
  B504: { cwe: "CWE-327", subCategory: "Cryptography" },
  B505: { cwe: "CWE-326", subCategory: "Cryptography" },
  B506: { cwe: "CWE-20", subCategory: "InputValidation" },
  B507: { cwe: "CWE-295", subCategory: "SSL" },
  B508: { cwe: "CWE-319", subCategory: "HTTP" },
  B509: { cwe: "CWE-319", subCategory: "HTTP" },
  B601: { cwe: "CWE-78", subCategory: "CommandInjection" },
  B602: { cwe: "CWE-78", subCategory: "CommandInjection" },
  B603: { cwe: "CWE-78", subCategory: "CommandInjection" },
  B604: { cwe: "CWE-78", subCategory: "CommandInjection" },
  B605: { cwe: "CWE-78", subCategory: "CommandInjection" },
  B606: { cwe: "CWE-78", subCategory: "CommandInjection" },
  B607: { cwe: "CWE-78", subCategory: "CommandInjection" },
  B608: { cwe: "CWE-89", subCategory: "SQLInjection" },
  // A file name starting `-` that a shell wildcard expands into a command's options (tar's
  // `--checkpoint-action=exec=…`) runs commands: injection into the command, not bad input alone.
  B609: { cwe: "CWE-155", subCategory: "CommandInjection" },
  B610: { cwe: "CWE-89", subCategory: "SQLInjection" },
  B611: { cwe: "CWE-89", subCategory: "SQLInjection" },
  B612: { cwe: "CWE-94", subCategory: "CommandInjection" },
  B613: { cwe: "CWE-838", subCategory: "InputValidation" },
  B614: { cwe: "CWE-502", subCategory: "InputValidation" },
  B615: { cwe: "CWE-494", subCategory: "InsecureModulesLibraries" },
  // Bandit files Jinja2 without autoescape under code injection; what it leads to is XSS.
  B701: { cwe: "CWE-94", subCategory: "XSS" },
  B702: { cwe: "CWE-80", subCategory: "XSS" },
  B703: { cwe: "CWE-80", subCategory: "XSS" },
  B704: { cwe: "CWE-79", subCategory: "XSS" }
}

/** The weakness of a Ruff rule of flake8-bandit (`S608`), when bandit has that test. */
export const ruffWeakness = (linter: string, code: string): BanditWeakness | undefined => {
  if (linter !== "flake8-bandit" || !/^S\d+$/.test(code)) return undefined
  const id = `B${code.slice(1)}`
  return Object.hasOwn(banditWeaknesses, id) ? banditWeaknesses[id] : undefined
}
