"""Login end to end: sign up, profile, complete the details, sign out, and the guard."""

from selenium.webdriver.common.by import By

from conftest import field, running_host, screenshot, wait_for_next_page

LOGIN = "modules: [login, cookbook]\ncookbook:\n  settingsRoute: profile\n"


def submit(driver, button: str) -> None:
    page = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.XPATH, f"//button[text()='{button}']").click()
    wait_for_next_page(driver, page)


def follow(driver, link: str) -> None:
    page = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.LINK_TEXT, link).click()
    wait_for_next_page(driver, page)


def completion(driver) -> str:
    return driver.find_element(By.CSS_SELECTOR, ".progress-value").text


def test_sign_up_complete_the_profile_sign_out_and_meet_the_guard(browser):
    with running_host("atrium", LOGIN) as host:
        browser.get(host.url("/login"))
        assert browser.find_element(By.TAG_NAME, "h1").text == "Sign in"
        follow(browser, "Don't have an account? Sign up")
        field(browser, "Full name").send_keys("Ada Lovelace")
        field(browser, "Email").send_keys("Ada@Example.com")
        field(browser, "Password").send_keys("correct horse battery")
        submit(browser, "Sign up")

        assert browser.current_url == host.url("/profile")
        main = browser.find_element(By.TAG_NAME, "main").text
        assert "Ada Lovelace" in main and "ada@example.com" in main
        assert "£0.00" in main and "0 Rides" in main
        assert browser.find_element(By.CSS_SELECTOR, ".image-placeholder").text == "AL"
        screenshot(browser, "login-profile")

        follow(browser, "Profile details")
        assert completion(browser) == "60%"
        follow(browser, "Complete your profile")
        field(browser, "Nick name").send_keys("Countess")
        field(browser, "Picture (https address)").send_keys("https://example.com/ada.png")
        submit(browser, "Save")
        assert browser.current_url == host.url("/profile/details")
        assert completion(browser) == "100%"
        assert "Countess" in browser.find_element(By.TAG_NAME, "main").text
        screenshot(browser, "login-details")

        browser.get(host.url("/profile"))
        submit(browser, "Logout")
        assert browser.find_element(By.TAG_NAME, "h1").text == "Sign in"

        # A guarded page, reached from another module's settings button, sends the visitor to sign in.
        browser.get(host.url("/cookbook"))
        follow(browser, "Settings")
        assert browser.current_url == host.url("/login?returnTo=/profile")
        field(browser, "Email").send_keys("ada@example.com")
        field(browser, "Password").send_keys("wrong password!")
        submit(browser, "Sign in")
        assert "Email or password is incorrect" in browser.find_element(By.CSS_SELECTOR, "[role=alert]").text
        field(browser, "Password").send_keys("correct horse battery")
        submit(browser, "Sign in")
        assert browser.current_url == host.url("/profile"), "back to the page that asked"
