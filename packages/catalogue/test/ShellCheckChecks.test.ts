import { describe, expect, it } from "vitest"
import { shellCheckChecks } from "../scripts/ShellCheckChecks.js"

/** Trimmed copies of the shapes ShellCheck's sources make comments in (0.9.0). */
const analytics = `
prop_checkUnused1 = verify checkUnusedAssignments "var=foo"
checkQuotes params t =
    infoWithFix id 2086 "Double quote to prevent globbing and word splitting." $
        addDoubleQuotesAround params t
checkUnusedAssignments params t = execWriter (mapM_ warnFor unused)
  where
    warnFor (name, token) =
        unless ("_" \`isPrefixOf\` name) $
            warn (getId token) 2034 $
                name ++ " appears unused. Verify use (or export if used externally)."
checkForInLs _ = try
  where
   check id f x =
    case oversimplify x of
      ("ls":n) ->
        let warntype = if any ("-" \`isPrefixOf\`) n then warn else err in
          warntype id 2045 "Iterating over ls output is fragile. Use globs."
      _ -> return ()
checkNumberComparisons params (TC_Binary id typ op lhs rhs) = do
            err (getId hs) 2072 decimalError
  where
      decimalError = "Decimals are not supported. " ++
        "Either use integers only, or use bc or awk to compare."
checkSetE params t =
        informConditional condType t =
            info (getId t) 2310 (
                "This function is invoked in " ++ condType ++ " so set -e " ++
                "will be disabled.")
checkBraces params t =
        styleWithFix id 2250
            "Prefer putting braces around variable references even when not strictly required."
            (fixFor t)
checkShebang params t = [makeComment ErrorC id 2096 "On most OS, shebangs can only specify a single parameter." | isMultiWord]
`

const parser = `
readNormalWord = do
    optional $ do
        c <- try . lookAhead $ anyChar
        let warning code = parseProblem ErrorC code $ "You need a space before the " ++ [c] ++ "."
        case c of
            '[' -> warning 1069
            '#' -> warning 1099
            _ -> return ()
readCarriageReturn = do
    parseProblemAt pos WarningC 1017 "Literal carriage return. Run script through tr -d '\\\\r' ."
readHereDoc = do
            let ppt = parseProblemAt trailerPos ErrorC
            ppt 1120 "No comments allowed after here-doc token. Comment the next line instead."
`

const shellSupport = `
checkBashisms = ForShell [Sh, Dash] $ \\t -> do
  kludge params = bashism
   where
    isDash = shellType params == Dash
    warnMsg id code s =
        if isDash
        then err  id code $ "In dash, " ++ s ++ " not supported."
        else warn id code $ "In POSIX sh, " ++ s ++ " undefined."

    bashism (T_ProcSub id _ _) = warnMsg id 3001 "process substitution is"
    bashism t@(T_DollarBraced id _ token) = do
        mapM_ check expansion
      where
        check (regex, code, feature) =
            when (isJust $ matchRegex regex str) $ warnMsg id code feature
    expansion = let re = mkRegex in [
        (re $ "^![" ++ varChars ++ "]", 3053, "indirect expansion is"),
        (re $ "^[" ++ varChars ++ "*@]+(\\\\[.*\\\\])?/", 3060, "string replacement is")
        ]
`

const checks = shellCheckChecks([
  { path: "src/ShellCheck/Analytics.hs", text: analytics },
  { path: "src/ShellCheck/Parser.hs", text: parser },
  { path: "src/ShellCheck/Checks/ShellSupport.hs", text: shellSupport }
])
const check = (code: string) => checks.find((c) => c.code === code)

describe("shellCheckChecks", () => {
  it("finds every code, once, in code order, never one of a test", () => {
    expect(checks.map((c) => c.code)).toEqual(["1017", "1069", "1099", "1120", "2034", "2045", "2072", "2086", "2096", "2250", "2310", "3001", "3053", "3060"])
  })

  it("reads the level of each call, of a helper bound to one, and of a helper that chooses", () => {
    expect(check("2086")?.levels).toEqual(["info"])
    expect(check("2096")?.levels).toEqual(["error"])
    expect(check("1017")?.levels).toEqual(["warning"])
    expect(check("1120")?.levels).toEqual(["error"])
    expect(check("1069")?.levels).toEqual(["error"])
    expect(check("2045")?.levels).toEqual(["error", "warning"])
    expect(check("3001")?.levels).toEqual(["error", "warning"])
  })

  it("reads the message after the code, across lines, with computed parts as …", () => {
    expect(check("2086")?.message).toBe("Double quote to prevent globbing and word splitting.")
    expect(check("2034")?.message).toBe("… appears unused. Verify use (or export if used externally).")
    expect(check("2250")?.message).toBe("Prefer putting braces around variable references even when not strictly required.")
    expect(check("2310")?.message).toBe("This function is invoked in … so set -e will be disabled.")
    expect(check("1017")?.message).toBe("Literal carriage return. Run script through tr -d '\\r' .")
  })

  it("follows a message bound to a name, a helper that writes it, and a table's rows", () => {
    expect(check("2072")?.message).toBe("Decimals are not supported. Either use integers only, or use bc or awk to compare.")
    expect(check("1069")?.message).toBe("You need a space before the ….")
    expect(check("3001")?.message).toBe("In POSIX sh, process substitution is undefined.")
    expect(check("3053")).toEqual({ code: "3053", levels: ["error", "warning"], message: "In POSIX sh, indirect expansion is undefined." })
    expect(check("3060")?.message).toBe("In POSIX sh, string replacement is undefined.")
  })
})
